/**
 * The golden set (issue 11 item 1): real postings from ../shared/data, each named by
 * where its raw row lives (dataset folder, file, row id), with the normalized fields a
 * person read off the posting, plus labelled pairs for dedup. The files hold labels and
 * locations only, never a copy of the third-party data; `test/fixtures/golden/README.md`
 * says how they were labelled.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { JOB_TYPES, SALARY_PERIODS, SENIORITIES } from '../../domain/enums.ts';

/** Where a raw row lives: dataset folder, file inside it, and the id its parser gives it. */
const rowRef = z.strictObject({ dataset: z.string().min(1), file: z.string().min(1), id: z.string().min(1) });
export type RowRef = z.infer<typeof rowRef>;

/** `null` in a place field means the posting says there is none ("Remote – EMEA" has no country). */
const place = z.string().min(1).nullable().optional();

const expectation = z.strictObject({
  /** `not-remote`: the posting names offices and offers no remote work; remote is wrong, the rest is not. */
  remoteType: z.enum(['remote', 'hybrid', 'onsite', 'not-remote']).optional(),
  city: place,
  /** US states and Canadian provinces as postal codes ("CA", "ON"), the store's convention. */
  region: place,
  /** ISO 3166-1 alpha-2. */
  country: place,
  /** The pay as posted; a null bound is an open bound ("up to £100k", "$150k+", a minimum of 0). */
  salary: z
    .strictObject({
      min: z.number().positive().nullable(),
      max: z.number().positive().nullable(),
      currency: z.string().length(3),
      period: z.enum(SALARY_PERIODS),
    })
    .optional(),
  jobType: z.enum(JOB_TYPES).optional(),
  seniority: z.enum(SENIORITIES).optional(),
  category: z.string().min(1).optional(),
  /** Skills the posting asks for (`include`) and words that are no skill here (`exclude`: GCP as Good Clinical Practice). */
  skills: z
    .strictObject({ include: z.array(z.string()).optional(), exclude: z.array(z.string()).optional() })
    .optional(),
  /** The posting's text has mojibake or twice-escaped references that must come out repaired. */
  textClean: z.literal(true).optional(),
});
export type Expectation = z.infer<typeof expectation>;

const goldenPosting = rowRef.extend({ expect: expectation });
export type GoldenPosting = z.infer<typeof goldenPosting>;

const goldenPair = z.strictObject({
  a: rowRef,
  b: rowRef,
  same: z.boolean(),
  /** Why the pair is in the set ("season-conflict", "ats-id-link", …), for the report. */
  kind: z.string().min(1),
});
export type GoldenPair = z.infer<typeof goldenPair>;

export interface GoldenSet {
  postings: GoldenPosting[];
  pairs: GoldenPair[];
}

const fixtures = (name: string) =>
  fileURLToPath(new URL(`../../../test/fixtures/golden/${name}`, import.meta.url));

/** The committed fixture files. */
export const DEFAULT_GOLDEN_FILES = {
  postings: fixtures('postings.json'),
  pairs: fixtures('pairs.json'),
} as const;

function readList<T>(file: string, schema: z.ZodType<T>): T[] {
  const parsed = z.array(schema).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export function readGoldenSet(files: { postings: string; pairs: string } = DEFAULT_GOLDEN_FILES): GoldenSet {
  return { postings: readList(files.postings, goldenPosting), pairs: readList(files.pairs, goldenPair) };
}

export function refKey(ref: RowRef): string {
  return `${ref.dataset}/${ref.file}#${ref.id}`;
}
