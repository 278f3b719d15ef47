import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import {
  MAPPABLE_FIELDS,
  type FieldRule,
  type GenericMapping,
  type MappableField,
} from './generic-mapping.ts';

/**
 * A generic import's mapping written by a user (`jobs ingest --mapping file.json`).
 * Two forms: the full one, `{ "fields": { … }, "missing": …, "defaultCurrency": …,
 * "rowsPath": … }`, and the short one of earlier releases, the `fields` object alone.
 * A field is a column name (or dotted key path), or an object:
 *
 * - `{ "from": "Type", "values": { "F": "full-time" } }`: the cell translated through a
 *   value map (exact, then ignoring case and surrounding spaces; a value not in the map
 *   passes through as it is, for the classifiers to read);
 * - `{ "from": "Currency", "default": "USD" }`: the cell, or the default when it is empty
 *   or one of the `missing` markers;
 * - `{ "value": "US" }`: the same value for every row (a constant).
 *
 * Anything else is refused with its name: a misspelt key used to be ignored, and the
 * import then ran without the field it was meant to map.
 */

const cellValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

const fieldRuleSchema = z.union([
  z.string().min(1, 'a column name cannot be empty'),
  z
    .object({
      from: z.string().min(1, 'a column name cannot be empty'),
      values: z.record(z.string(), cellValue).optional(),
      default: cellValue.optional(),
    })
    .strict(),
  z.object({ value: cellValue }).strict(),
]);

const fieldsSchema = z.record(z.string(), fieldRuleSchema).superRefine((fields, ctx) => {
  for (const key of Object.keys(fields))
    if (!(MAPPABLE_FIELDS as readonly string[]).includes(key))
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `unknown field "${key}" (the fields: ${MAPPABLE_FIELDS.join(', ')})`,
      });
  if (!('title' in fields))
    ctx.addIssue({ code: 'custom', message: 'no "title" field: every job needs one' });
  const id = fields.externalId;
  if (typeof id === 'object' && 'value' in id)
    ctx.addIssue({
      code: 'custom',
      path: ['externalId'],
      message: 'cannot be a constant: every row would be the same posting',
    });
});

const fileSchema = z
  .object({
    name: z.string().min(1).optional(),
    fields: fieldsSchema,
    missing: z.array(z.string()).optional(),
    defaultCurrency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'an ISO 4217 code such as "USD"')
      .transform((c) => c.toUpperCase())
      .optional(),
    rowsPath: z.string().min(1).optional(),
  })
  .strict();

type FileRule = z.infer<typeof fieldRuleSchema>;

/** Reads, checks and compiles a mapping file; throws an Error naming what is wrong. */
export function readMappingFile(path: string): GenericMapping {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`mapping file ${path}: ${(err as Error).message}`, { cause: err });
  }
  return parseMapping(json, basename(path), path);
}

/** A mapping from its JSON form (see the file's comment); `where` names it in errors. */
export function parseMapping(json: unknown, name: string, where = name): GenericMapping {
  const full = typeof json === 'object' && json !== null && !Array.isArray(json) && 'fields' in json;
  const parsed = fileSchema.safeParse(full ? json : { fields: json });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const at = (full ? i.path : i.path.slice(1)).join('.');
      return at ? `${at}: ${i.message}` : i.message;
    });
    throw new Error(`mapping file ${where}: ${problems.join('; ')}`);
  }
  const file = parsed.data;
  const fields: GenericMapping['fields'] = {};
  for (const [field, rule] of Object.entries(file.fields)) fields[field as MappableField] = compile(rule);
  return {
    name: file.name ?? name,
    fields,
    ...(file.missing ? { missing: file.missing } : {}),
    ...(file.defaultCurrency ? { defaultCurrency: file.defaultCurrency } : {}),
    ...(file.rowsPath ? { rowsPath: file.rowsPath } : {}),
  };
}

function compile(rule: FileRule): FieldRule {
  if (typeof rule === 'string') return rule;
  if ('value' in rule) return { value: rule.value };
  const { from, values } = rule;
  const out: FieldRule = { from };
  if (rule.default !== undefined) out.default = rule.default;
  if (values) {
    const folded = new Map<string, unknown>();
    for (const [k, v] of Object.entries(values)) {
      const key = k.trim().toLowerCase();
      if (!folded.has(key)) folded.set(key, v); // the first spelling listed wins
    }
    out.transform = (value) => {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return value;
      const key = String(value);
      if (Object.hasOwn(values, key)) return values[key];
      const found = folded.get(key.trim().toLowerCase());
      return found !== undefined ? found : value;
    };
  }
  return out;
}
