import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A customer of the API: owns API keys and a board of jobs. */
export const OrganizationSchema = defineEntity({
  name: 'Organization',
  tableName: 'organization',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    slug: p.text().unique('organization_slug_key'),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type Organization = InferEntity<typeof OrganizationSchema>;
