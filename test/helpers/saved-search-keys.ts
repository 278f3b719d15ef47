import type { Services } from '../../src/services.ts';
import { ORG_A, ORG_B } from './dataset.ts';

/** Two organizations, an ADMIN key for each and a READ key for the first: saved searches' callers. */
export async function savedSearchKeys(
  services: Services,
): Promise<{ adminA: string; adminB: string; readA: string }> {
  const em = services.orm.em.fork();
  for (const org of [ORG_A, ORG_B]) await services.organizations.ensureOrganization(em, org);
  const key = async (orgId: string, name: string, scope: 'admin' | 'read') =>
    (await services.organizations.createApiKey(em, orgId, name, { scope })).key;
  return {
    adminA: await key(ORG_A.id, 'admin A', 'admin'),
    adminB: await key(ORG_B.id, 'admin B', 'admin'),
    readA: await key(ORG_A.id, 'read A', 'read'),
  };
}
