/**
 * What a key may do. `read` reads the organization's board (GET /jobs, organizationJobs,
 * its jobs by id); `admin` also manages the organization's own keys (the apiKeys query and
 * the key mutations). Two levels are all the service has to protect today; a new scope is
 * added here, in the check constraint (a migration) and in the GraphQL enum.
 */
export const API_KEY_SCOPES = ['read', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly unknown[]).includes(value);
}

/** `admin` includes `read`: an administrator's key also reads the board. */
export function scopeAllows(have: ApiKeyScope, need: ApiKeyScope): boolean {
  return have === 'admin' || have === need;
}
