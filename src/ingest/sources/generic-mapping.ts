import { createHash } from 'node:crypto';
import type { RawPosting } from '../../domain/raw-posting.ts';

/**
 * Field mappings for the generic JSON/CSV import: which column (CSV) or key path (JSON,
 * dotted: `company.name`) feeds which RawPosting field, with an optional transform for
 * the few formats that need one (Unix seconds, a rating glued to a company name).
 */

/** Every field a mapping can fill, in the order the README's table lists them. */
export const MAPPABLE_FIELDS = [
  'externalId',
  'title',
  'companyName',
  'companyDomain',
  'companyLogoUrl',
  'descriptionHtml',
  'descriptionText',
  'locationText',
  'extraLocations',
  'city',
  'region',
  'country',
  'workplaceType',
  'remoteFlag',
  'employmentType',
  'department',
  'seniority',
  'salaryText',
  'salaryMin',
  'salaryMax',
  'salaryCurrency',
  'salaryPeriod',
  'listingUrl',
  'applyUrl',
  'postedAt',
  'updatedAt',
  'expiresAt',
  'visaSponsorship',
  'closed',
  'tags',
] as const;

type StringField =
  | 'externalId'
  | 'title'
  | 'companyName'
  | 'companyDomain'
  | 'companyLogoUrl'
  | 'descriptionHtml'
  | 'descriptionText'
  | 'locationText'
  | 'city'
  | 'region'
  | 'country'
  | 'workplaceType'
  | 'employmentType'
  | 'department'
  | 'seniority'
  | 'salaryText'
  | 'listingUrl'
  | 'applyUrl'
  | 'salaryCurrency'
  | 'salaryPeriod';
type NumberField = 'salaryMin' | 'salaryMax';
type BooleanField = 'remoteFlag' | 'visaSponsorship' | 'closed';
type TimeField = 'postedAt' | 'updatedAt' | 'expiresAt';
type ListField = 'extraLocations' | 'tags';
export type MappableField = StringField | NumberField | BooleanField | TimeField | ListField;
type Listed = (typeof MAPPABLE_FIELDS)[number];
// The list and the types name the same fields: one missing from either fails to compile.
const sameFields: [Exclude<MappableField, Listed>, Exclude<Listed, MappableField>] extends [never, never]
  ? true
  : false = true;
void sameFields;

export type Row = Record<string, unknown>;

/**
 * A column/key name; or one with a transform of the value read there and a default for
 * when it is empty; or a constant for every row.
 */
export type FieldRule =
  | string
  | { from: string; transform?: (value: unknown, row: Row) => unknown; default?: unknown }
  | { value: unknown };

export interface GenericMapping {
  /** Shown in rejection reasons and logs. */
  name: string;
  fields: Partial<Record<MappableField, FieldRule>>;
  /** Cell values that mean "no value" (the Glassdoor export writes "-1"). @default [''] */
  missing?: readonly string[];
  /** Rows for which this is false are skipped on purpose (e.g. inactive listings). */
  include?: (row: Row) => boolean;
  /**
   * ISO 4217 currency of pay figures that state none, when the job's country does not
   * tell (a US employer's export without a currency column). @default none
   */
  defaultCurrency?: string;
  /** JSON only: dotted path of the array inside an object body. @default the body itself */
  rowsPath?: string;
}

const NUMBER_FIELDS: readonly string[] = ['salaryMin', 'salaryMax'];
const BOOLEAN_FIELDS: readonly string[] = ['remoteFlag', 'visaSponsorship', 'closed'];
const TIME_FIELDS: readonly string[] = ['postedAt', 'updatedAt', 'expiresAt'];
const LIST_FIELDS: readonly string[] = ['extraLocations', 'tags'];
/** How spreadsheets write a yes or a no. */
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

/** Exact key first (CSV headers may contain dots), then a dotted walk. */
export function readPath(row: unknown, path: string): unknown {
  if (typeof row !== 'object' || row === null) return undefined;
  if (path in row) return (row as Row)[path];
  let current: unknown = row;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Row)[key];
  }
  return current;
}

/** Applies a mapping to one row; throws (→ row rejected) on a wrong type or no title. */
export function applyMapping(row: Row, mapping: GenericMapping, board: string): RawPosting {
  const missing = mapping.missing ?? [''];
  const values: Partial<Record<MappableField, unknown>> = {};
  for (const [field, rule] of Object.entries(mapping.fields) as Array<[MappableField, FieldRule]>) {
    if (typeof rule !== 'string' && 'value' in rule) {
      values[field] = coerce(field, rule.value);
      continue;
    }
    let value = readPath(row, typeof rule === 'string' ? rule : rule.from);
    if (typeof value === 'string' && missing.includes(value.trim())) value = undefined;
    if (typeof rule !== 'string') {
      if (rule.transform && value !== undefined && value !== null) value = rule.transform(value, row);
      if ((value === undefined || value === null) && rule.default !== undefined) value = rule.default;
    }
    values[field] = coerce(field, value);
  }
  const title = values.title as string | null;
  if (title === null || title.trim() === '') throw new Error('missing title');
  const posting: RawPosting = { source: 'generic', board, externalId: '', title, payload: row };
  for (const [field, value] of Object.entries(values) as Array<[MappableField, unknown]>) {
    if (field.startsWith('salary') && field !== 'salaryText') continue;
    if (value !== null) (posting as unknown as Row)[field] = value;
  }
  const salary = {
    min: (values.salaryMin as number | null | undefined) ?? null,
    max: (values.salaryMax as number | null | undefined) ?? null,
    currency: (values.salaryCurrency as string | null | undefined) ?? null,
    period: (values.salaryPeriod as string | null | undefined) ?? null,
  };
  if (salary.min !== null || salary.max !== null) posting.salary = salary;
  if (mapping.defaultCurrency) posting.defaultCurrency = mapping.defaultCurrency;
  const id = values.externalId as string | null | undefined;
  posting.externalId = id ?? stableId(title, posting.companyName, posting.locationText);
  return posting;
}

/**
 * Id for rows that have none: the same title, company and location give the same id on
 * every import, so re-importing a file updates rather than duplicates. Case and spacing
 * are folded so a re-export with tidier whitespace keeps its ids.
 */
export function stableId(title: string, company?: string | null, location?: string | null): string {
  const fold = (s: string | null | undefined) => (s ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  const key = [fold(title), fold(company), fold(location)].join('\u0000');
  return createHash('sha256').update(key).digest('hex');
}

function coerce(field: MappableField, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (LIST_FIELDS.includes(field)) {
    const list = Array.isArray(value) ? value : [value];
    if (!list.every((v) => typeof v === 'string')) throw new Error(`${field}: expected text values`);
    return list.filter((v) => v.trim() !== '');
  }
  if (NUMBER_FIELDS.includes(field)) {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw new Error(`${field}: expected a number`);
    return n;
  }
  if (BOOLEAN_FIELDS.includes(field)) {
    if (typeof value === 'boolean') return value;
    const word = String(value).trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    throw new Error(`${field}: expected a boolean (true/false, yes/no, 1/0), got ${JSON.stringify(value)}`);
  }
  if (TIME_FIELDS.includes(field)) {
    if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
    throw new Error(`${field}: expected a date`);
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new Error(`${field}: expected text`);
}
