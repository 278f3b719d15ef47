import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An employer. `normalizedName` is the identity used to merge spellings of one company. */
export const CompanySchema = defineEntity({
  name: 'Company',
  tableName: 'company',
  properties: {
    id: p.uuid().primary(),
    name: p.string(),
    normalizedName: p.string().unique(),
    domain: p.string().nullable(),
    logoUrl: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Company = InferEntity<typeof CompanySchema>;
