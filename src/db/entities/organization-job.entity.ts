import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { JobSchema } from './job.entity.ts';
import { OrganizationSchema } from './organization.entity.ts';

/** Board membership: one job may be on several organizations' boards. */
export const OrganizationJobSchema = defineEntity({
  name: 'OrganizationJob',
  tableName: 'organization_job',
  properties: {
    organization: () => p.manyToOne(OrganizationSchema).ref().primary(),
    job: () => p.manyToOne(JobSchema).ref().primary(),
    origin: p.string(),
    addedAt: p.datetime(),
  },
});
export type OrganizationJob = InferEntity<typeof OrganizationJobSchema>;
