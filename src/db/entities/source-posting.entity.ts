import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { JOB_STATUSES } from '../../domain/enums.ts';
import { JobSchema } from './job.entity.ts';

/**
 * Provenance: one posting as one source published it. Many source postings may
 * point at one canonical job (cross-source copies merged by dedup).
 */
export const SourcePostingSchema = defineEntity({
  name: 'SourcePosting',
  tableName: 'source_posting',
  uniques: [
    {
      name: 'source_posting_platform_board_external_id_key',
      properties: ['platform', 'board', 'externalId'],
    },
  ],
  indexes: [{ name: 'source_posting_job_idx', properties: ['job'] }],
  properties: {
    id: p.uuid().primary(),
    platform: p.text(),
    board: p.text(),
    externalId: p.text(),
    job: () =>
      p
        .manyToOne(JobSchema)
        .ref()
        .foreignKeyName('source_posting_job_id_fkey')
        .deleteRule('cascade')
        .updateRule('no action'),
    url: p.text().nullable(),
    payloadHash: p.text(),
    firstSeenAt: p.datetime(),
    lastSeenAt: p.datetime(),
    closedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    status: p.enum([...JOB_STATUSES]),
    /** This posting's own places; the job's are those of its open postings together. */
    places: p
      .json<{ city: string | null; region: string | null; countryCode: string | null }[]>()
      .defaultRaw(`'[]'`),
    cityKeys: p.array().defaultRaw(`'{}'`),
    countryCodes: p.array().defaultRaw(`'{}'`),
    /** This posting's own salary (the job's columns, by name), or null when it names none. */
    salary: p.json<Record<string, string | number | boolean | null>>().nullable(),
    /** The source's own update time as last applied: an older row never overwrites it. */
    sourceUpdatedAt: p.datetime().nullable(),
  },
});
export type SourcePosting = InferEntity<typeof SourcePostingSchema>;
