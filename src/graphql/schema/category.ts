import type { Category } from '../../db/entities/category.entity.ts';
import { builder } from '../builder.ts';

export const CategoryRef = builder.loadableObject('Category', {
  description: 'A node of the job category taxonomy. Ids are stable UUIDs.',
  load: (ids: string[], ctx) => ctx.services.catalog.categoriesByIds(ctx.em, ids),
  sort: (c: Category) => c.id,
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Stable category id (UUID); use it in filters.' }),
    slug: t.exposeString('slug', { description: 'Stable readable key, also accepted by filters.' }),
    name: t.exposeString('name', { description: 'Display name.' }),
  }),
});

builder.queryField('categories', (t) =>
  t.field({
    type: [CategoryRef],
    description: 'The whole category taxonomy, by name.',
    resolve: (_root, _args, ctx) => ctx.services.catalog.allCategories(ctx.em),
  }),
);
