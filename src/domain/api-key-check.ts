import type { ApiKeyScope } from './api-key-scope.ts';
import { scopeAllows } from './api-key-scope.ts';
import { DomainError, forbidden, unauthorized } from './errors.ts';

/** The caller a valid key names. */
export interface ApiKeyViewer {
  organizationId: string;
  keyId: string;
  scope: ApiKeyScope;
}

/**
 * What checking an X-API-Key found. `expired` and `revoked` are only ever reported for a
 * key whose secret matched: a caller who holds the whole key learns why it stopped working,
 * a caller guessing learns nothing more than `invalid`.
 */
export type ApiKeyCheck =
  | ({ status: 'valid' } & ApiKeyViewer)
  | { status: 'missing' | 'invalid' }
  | { status: 'expired'; at: Date; rotated: boolean }
  | { status: 'revoked'; at: Date };

/** The viewer of a valid key allowed `scope`, or the catalogue error both transports send. */
export function requireApiKey(check: ApiKeyCheck, scope: ApiKeyScope = 'read'): ApiKeyViewer {
  switch (check.status) {
    case 'valid':
      if (!scopeAllows(check.scope, scope))
        throw forbidden(`This API key has the ${check.scope} scope; this needs ${scope}`);
      return { organizationId: check.organizationId, keyId: check.keyId, scope: check.scope };
    case 'expired':
      throw new DomainError(
        'api_key_expired',
        check.rotated
          ? `This API key was rotated and its overlap ended at ${check.at.toISOString()}; use its replacement`
          : `This API key expired at ${check.at.toISOString()}`,
      );
    case 'revoked':
      throw new DomainError('api_key_revoked', `This API key was revoked at ${check.at.toISOString()}`);
    default:
      throw unauthorized();
  }
}
