import { createHash } from 'node:crypto';

/** What a UUID looks like, any version: nothing else can be a job, company or category id. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A UUID (version 8, name-based) derived from a key. The first source posting of a
 * job fixes the job's id, so re-running an interrupted import or seed lands on the
 * same rows instead of creating copies.
 */
export function stableUuid(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest();
  h[6] = (h[6]! & 0x0f) | 0x80; // version 8
  h[8] = (h[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The id a job gets when this source posting is the first copy of it we see. */
export function jobIdFor(platform: string, board: string, externalId: string): string {
  return stableUuid('job', platform, board, externalId);
}
