import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API keys look like `jl_<prefix>_<secret>`. The prefix (10 lower-case base32
 * characters) is stored in clear and finds the row; only a SHA-256 hash of the
 * secret is stored, so a database leak does not leak usable keys. A fast hash is
 * enough here because the secret has 256 bits of entropy (no dictionary to attack).
 */
const KEY_PATTERN = /^jl_([a-z2-7]{10})_([A-Za-z0-9_-]{43})$/;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

export interface ParsedApiKey {
  prefix: string;
  secret: string;
}

export function parseApiKey(key: string | undefined | null): ParsedApiKey | null {
  const m = key ? KEY_PATTERN.exec(key.trim()) : null;
  return m ? { prefix: m[1]!, secret: m[2]! } : null;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function generateApiKey(): { key: string; prefix: string; secretHash: string } {
  const prefix = Array.from(randomBytes(10), (b) => BASE32[b % 32]).join('');
  const secret = randomBytes(32).toString('base64url');
  return { key: `jl_${prefix}_${secret}`, prefix, secretHash: hashSecret(secret) };
}

/** Builds a key from given parts (the public demo key); both parts must fit the format. */
export function composeApiKey(prefix: string, secret: string): string {
  const key = `jl_${prefix}_${secret}`;
  if (!parseApiKey(key)) throw new Error('invalid API key parts');
  return key;
}

/** How long a rotated key keeps working by default: a day for every deployment to take the new one. */
export const DEFAULT_ROTATION_OVERLAP_MS = 24 * 3_600_000;
/** The longest overlap a rotation may ask for: past that it is two keys, not a rotation. */
export const MAX_ROTATION_OVERLAP_MS = 30 * 86_400_000;
