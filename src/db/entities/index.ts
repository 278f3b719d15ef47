import { ApiKeySchema } from './api-key.entity.ts';
import { CategorySchema } from './category.entity.ts';
import { CompanySchema } from './company.entity.ts';
import { JobSchema } from './job.entity.ts';
import { OrganizationJobSchema } from './organization-job.entity.ts';
import { OrganizationSchema } from './organization.entity.ts';
import { SourcePostingSchema } from './source-posting.entity.ts';
import { SourceSchema } from './source.entity.ts';

/** Every entity, for the ORM configuration. */
export const ENTITIES = [
  OrganizationSchema,
  ApiKeySchema,
  CompanySchema,
  CategorySchema,
  JobSchema,
  SourceSchema,
  SourcePostingSchema,
  OrganizationJobSchema,
];
