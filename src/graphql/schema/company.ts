import type { Company } from '../../db/entities/company.entity.ts';
import { builder } from '../builder.ts';

/** Loaded through a per-request dataloader: a page of jobs costs one company query. */
export const CompanyRef = builder.loadableObject('Company', {
  description: 'An employer.',
  load: (ids: string[], ctx) => ctx.services.catalog.companiesByIds(ctx.em, ids),
  sort: (c: Company) => c.id,
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Stable company id (UUID).' }),
    name: t.exposeString('name', { description: 'Display name.' }),
    domain: t.exposeString('domain', { nullable: true, description: 'Web domain, without www.' }),
    logoUrl: t.exposeString('logoUrl', { nullable: true, description: 'Logo image URL when known.' }),
  }),
});
