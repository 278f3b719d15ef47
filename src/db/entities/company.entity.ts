import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An employer. `normalizedName` is the identity used to merge spellings of one company. */
export const CompanySchema = defineEntity({
  name: 'Company',
  tableName: 'company',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    normalizedName: p.text().unique('company_normalized_name_key'),
    domain: p.text().nullable(),
    logoUrl: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type Company = InferEntity<typeof CompanySchema>;
