import { describe, expect, it } from 'vitest';
import { requireApiKey, type ApiKeyCheck } from '../../../src/domain/api-key-check.ts';
import { scopeAllows } from '../../../src/domain/api-key-scope.ts';
import { parseDuration } from '../../../src/domain/duration.ts';
import { DomainError } from '../../../src/domain/errors.ts';

const valid = (scope: 'read' | 'admin'): ApiKeyCheck => ({
  status: 'valid',
  organizationId: 'org',
  keyId: 'key',
  scope,
});
const at = new Date('2026-11-23T10:00:00Z');

function codeOf(check: ApiKeyCheck, scope: 'read' | 'admin'): string {
  try {
    requireApiKey(check, scope);
    return 'ok';
  } catch (error) {
    return (error as DomainError).code;
  }
}

describe('requireApiKey', () => {
  it.each([
    [valid('read'), 'read', 'ok'],
    [valid('admin'), 'read', 'ok'],
    [valid('admin'), 'admin', 'ok'],
    [valid('read'), 'admin', 'forbidden'],
    [{ status: 'missing' }, 'read', 'unauthorized'],
    [{ status: 'invalid' }, 'admin', 'unauthorized'],
    [{ status: 'expired', at, rotated: false }, 'read', 'api_key_expired'],
    [{ status: 'expired', at, rotated: true }, 'read', 'api_key_expired'],
    [{ status: 'revoked', at }, 'read', 'api_key_revoked'],
  ] as const)('answers %o asked for %s with %s', (check, scope, code) => {
    expect(codeOf(check as ApiKeyCheck, scope)).toBe(code);
  });

  it('answers every key problem with 401 and a missing scope with 403', () => {
    for (const check of [
      { status: 'invalid' },
      { status: 'expired', at, rotated: true },
      { status: 'revoked', at },
    ])
      expect(() => requireApiKey(check as ApiKeyCheck)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => requireApiKey(valid('read'), 'admin')).toThrow(expect.objectContaining({ status: 403 }));
  });

  it('tells a rotated key to use its replacement', () => {
    expect(() => requireApiKey({ status: 'expired', at, rotated: true })).toThrow(/rotated.*replacement/);
  });

  it('returns the viewer of a valid key', () => {
    expect(requireApiKey(valid('admin'), 'admin')).toEqual({
      organizationId: 'org',
      keyId: 'key',
      scope: 'admin',
    });
  });
});

describe('scopeAllows', () => {
  it('lets admin do what read does, and not the other way round', () => {
    expect(scopeAllows('admin', 'read')).toBe(true);
    expect(scopeAllows('read', 'read')).toBe(true);
    expect(scopeAllows('read', 'admin')).toBe(false);
  });
});

describe('parseDuration', () => {
  it.each([
    ['90d', 90 * 86_400_000],
    ['24h', 86_400_000],
    ['30m', 1_800_000],
    ['45s', 45_000],
    ['2w', 14 * 86_400_000],
    ['0', 0],
    [' 12h ', 43_200_000],
  ])('reads %s', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', '90', 'd', '1.5h', '-1d', '10y', '24 h', '1234567d'])('refuses %o', (text) =>
    expect(parseDuration(text)).toBeNull(),
  );
});
