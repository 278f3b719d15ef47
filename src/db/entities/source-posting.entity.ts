import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { JobSchema } from './job.entity.ts';

/**
 * Provenance: one posting as one source published it. Many source postings may
 * point at one canonical job (cross-source copies merged by dedup).
 */
export const SourcePostingSchema = defineEntity({
  name: 'SourcePosting',
  tableName: 'source_posting',
  uniques: [{ properties: ['platform', 'board', 'externalId'] }],
  properties: {
    id: p.uuid().primary(),
    platform: p.string(),
    board: p.string(),
    externalId: p.string(),
    job: () => p.manyToOne(JobSchema).ref(),
    url: p.text().nullable(),
    payloadHash: p.string(),
    firstSeenAt: p.datetime(),
    lastSeenAt: p.datetime(),
    closedAt: p.datetime().nullable(),
    status: p.string(),
  },
});
export type SourcePosting = InferEntity<typeof SourcePostingSchema>;
