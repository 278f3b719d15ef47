import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { OrganizationSchema } from './organization.entity.ts';

/**
 * A configured feed: one board of one platform (or an import). When owned by an
 * organization, the jobs it yields join that organization's board.
 */
export const SourceSchema = defineEntity({
  name: 'Source',
  tableName: 'source',
  uniques: [{ properties: ['platform', 'board'] }],
  properties: {
    id: p.uuid().primary(),
    platform: p.string(),
    board: p.string(),
    url: p.string().nullable(),
    organization: () => p.manyToOne(OrganizationSchema).ref().nullable(),
    intervalMinutes: p.integer().default(60),
    enabled: p.boolean().default(true),
    etag: p.string().nullable(),
    lastModified: p.string().nullable(),
    lastRunAt: p.datetime().nullable(),
    lastSuccessAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Source = InferEntity<typeof SourceSchema>;
