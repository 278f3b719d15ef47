import { describe, expect, it } from 'vitest';
import {
  composeApiKey,
  generateApiKey,
  hashSecret,
  parseApiKey,
  secretMatches,
} from '../../../src/domain/api-key.ts';

describe('API keys', () => {
  it('generates keys that parse back and match only their own hash', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    const parsed = parseApiKey(a.key)!;
    expect(parsed.prefix).toBe(a.prefix);
    expect(secretMatches(parsed.secret, a.secretHash)).toBe(true);
    expect(secretMatches(parsed.secret, b.secretHash)).toBe(false);
    expect(a.key).not.toBe(b.key);
    expect(a.secretHash).not.toContain(parsed.secret);
  });

  it.each(['', 'jl_short_x', 'Bearer abc', 'jl_ABCDEFGHIJ_' + 'a'.repeat(43), null, undefined])(
    'rejects %j',
    (key) => {
      expect(parseApiKey(key as string)).toBeNull();
    },
  );

  it('hashes deterministically', () => {
    expect(hashSecret('x')).toBe(hashSecret('x'));
    expect(() => composeApiKey('bad', 'x')).toThrow();
  });
});
