import { z } from 'zod';

/**
 * Zod building blocks shared by the adapters' row schemas. They are strict where a row
 * is useless without the value (id, title, the containers we iterate) and forgiving on
 * scalar side fields: a department sent as a number should not cost us the posting.
 */

/** Ids arrive as numbers (Greenhouse, Recruitee) or strings (Lever uuid); we keep text. */
export const idField = z
  .union([z.string().refine((s) => s.trim() !== '', 'empty id'), z.number().int()], {
    error: (issue) => (issue.input === undefined ? 'missing id' : 'id must be a string or an integer'),
  })
  .transform(String);

export const titleField = z
  .string({ error: (issue) => (issue.input === undefined ? 'missing title' : 'title must be a string') })
  .refine((s) => s.trim() !== '', 'empty title');

// `.optional()` before each transform: zod 4 treats a transformed key as required otherwise.

/** Any scalar as text; blank strings, objects, arrays, null and absence become null. */
export const text = z
  .unknown()
  .optional()
  .transform((v): string | null => {
    if (typeof v === 'string') return v.trim() === '' ? null : v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    return null;
  });

/** Booleans only; anything else means "not said". */
export const flag = z
  .unknown()
  .optional()
  .transform((v): boolean | null => (typeof v === 'boolean' ? v : null));

/** Numbers or numeric strings (Recruitee sends salary figures as "4500"). */
export const num = z
  .unknown()
  .optional()
  .transform((v): number | null => {
    if (typeof v === 'number') return Number.isFinite(v) ? v : null;
    if (typeof v === 'string' && v.trim() !== '') {
      const n = Number(v);
      return Number.isFinite(n) ? n : null;
    }
    return null;
  });

/** An optional array: absent/null → [], present but not an array → row rejected. */
export function list<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);
}

/** An optional object: absent/null → null, wrong type → row rejected. */
export function obj<T extends z.ZodRawShape>(shape: T) {
  return z
    .object(shape)
    .nullish()
    .transform((v) => v ?? null);
}

/** Strings from a list, skipping empty entries. */
export function nonEmpty(values: Array<string | null | undefined>): string[] {
  return values.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
