/**
 * The demo organization that `npm start` creates with an API key: a staffing firm
 * whose board holds every posting of a fixed set of ~40 demo companies (about an
 * eighth of the dataset, so ≥500 of 10,000 postings).
 */
import type { RawPosting } from '../domain/raw-posting.ts';
import { COMPANIES } from './companies.ts';

export const DEMO_ORGANIZATION = {
  id: '6f1c2a9e-4b7d-4e3a-9c58-2d0b7e41a6f3',
  name: 'Demo Talent Co',
  slug: 'demo-talent-co',
} as const;

/** Boards (company slugs) whose postings belong to the demo organization. */
export const DEMO_ORG_BOARDS: readonly string[] = COMPANIES.filter((c) => c.index % 8 === 5).map(
  (c) => c.slug,
);

const boardSet: ReadonlySet<string> = new Set(DEMO_ORG_BOARDS);

export function isDemoOrgPosting(posting: Pick<RawPosting, 'source' | 'board'>): boolean {
  return posting.source === 'demo' && boardSet.has(posting.board);
}
