import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { JobSchema } from './job.entity.ts';
import { OrganizationSchema } from './organization.entity.ts';

/** Board membership: one job may be on several organizations' boards. */
export const OrganizationJobSchema = defineEntity({
  name: 'OrganizationJob',
  tableName: 'organization_job',
  indexes: [{ name: 'organization_job_job_idx', properties: ['job'] }],
  properties: {
    organization: () =>
      p
        .manyToOne(OrganizationSchema)
        .ref()
        .primary()
        .foreignKeyName('organization_job_organization_id_fkey')
        .deleteRule('cascade')
        .updateRule('no action'),
    job: () =>
      p
        .manyToOne(JobSchema)
        .ref()
        .primary()
        .foreignKeyName('organization_job_job_id_fkey')
        .deleteRule('cascade')
        .updateRule('no action'),
    origin: p.enum(['source', 'manual', 'demo']),
    addedAt: p.datetime().defaultRaw('now()'),
  },
});
export type OrganizationJob = InferEntity<typeof OrganizationJobSchema>;
