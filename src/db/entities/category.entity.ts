import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A node of the job category taxonomy (domain/categories.ts); ids never change. */
export const CategorySchema = defineEntity({
  name: 'Category',
  tableName: 'category',
  properties: {
    id: p.uuid().primary(),
    slug: p.text().unique('category_slug_key'),
    name: p.text(),
  },
});
export type Category = InferEntity<typeof CategorySchema>;
