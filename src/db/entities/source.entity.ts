import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { OrganizationSchema } from './organization.entity.ts';

/**
 * A configured feed: one board of one platform (or an import). When owned by an
 * organization, the jobs it yields join that organization's board.
 */
export const SourceSchema = defineEntity({
  name: 'Source',
  tableName: 'source',
  uniques: [{ name: 'source_platform_board_key', properties: ['platform', 'board'] }],
  properties: {
    id: p.uuid().primary(),
    platform: p.text(),
    board: p.text(),
    url: p.text().nullable(),
    organization: () =>
      p
        .manyToOne(OrganizationSchema)
        .ref()
        .nullable()
        .foreignKeyName('source_organization_id_fkey')
        .deleteRule('set null')
        .updateRule('no action'),
    intervalMinutes: p.integer().default(60),
    enabled: p.boolean().default(true),
    etag: p.text().nullable(),
    lastModified: p.text().nullable(),
    lastRunAt: p.datetime().nullable(),
    lastSuccessAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    /** Set while a poller runs the source (a lease; see Migration20261122000002). */
    claimedUntil: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type Source = InferEntity<typeof SourceSchema>;
