import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A customer of the API: owns API keys and a board of jobs. */
export const OrganizationSchema = defineEntity({
  name: 'Organization',
  tableName: 'organization',
  properties: {
    id: p.uuid().primary(),
    name: p.string(),
    slug: p.string().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Organization = InferEntity<typeof OrganizationSchema>;
