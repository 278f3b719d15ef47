import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
let now = new Date('2026-11-20T10:00:00Z');

beforeAll(async () => {
  services = await createTestServices({ clock: () => now });
});
afterAll(() => services?.close());

function posting(board: string, overrides: Partial<RawPosting> & { externalId: string }): RawPosting {
  return {
    source: 'greenhouse',
    board,
    title: 'Backend Engineer',
    companyName: `Order ${board}`,
    locationText: 'Berlin, Germany',
    payload: { ...overrides },
    ...overrides,
  };
}

const ingest = (board: string, postings: RawPosting[]) =>
  runIngest(services, { platform: 'greenhouse', board, complete: false, postings });

async function stored(board: string, externalId: string) {
  const [row] = await services.orm.em
    .fork()
    .execute<{ title: string; updated_at: Date; description_text: string; salary_text: string | null }[]>(
      `select j.title, j.updated_at, j.description_text, j.salary_text
         from source_posting sp join job j on j.id = sp.job_id where sp.board = ? and sp.external_id = ?`,
      [board, externalId],
    );
  return row!;
}

describe(`order of arrival (${TEST_DB})`, () => {
  it('an older snapshot imported after a newer one rolls nothing back', async () => {
    await ingest('snap', [
      posting('snap', {
        externalId: '1',
        title: 'Staff Engineer (retitled)',
        updatedAt: '2026-11-10T00:00:00Z',
      }),
    ]);
    now = new Date('2026-11-21T10:00:00Z');
    const summary = await ingest('snap', [
      posting('snap', { externalId: '1', title: 'Engineer', updatedAt: '2026-11-01T00:00:00Z' }),
    ]);
    expect(summary).toMatchObject({ stale: 1, unchanged: 1, updated: 0 });
    const job = await stored('snap', '1');
    expect(job.title).toBe('Staff Engineer (retitled)');
    expect(new Date(job.updated_at).toISOString()).toBe('2026-11-10T00:00:00.000Z');
  });

  it('a newer row applies, and so does a row without a time (the later arrival)', async () => {
    await ingest('snap', [
      posting('snap', { externalId: '1', title: 'Principal Engineer', updatedAt: '2026-11-15' }),
    ]);
    expect((await stored('snap', '1')).title).toBe('Principal Engineer');
    await ingest('snap', [posting('snap', { externalId: '2', title: 'Analyst' })]);
    await ingest('snap', [posting('snap', { externalId: '2', title: 'Senior Analyst' })]);
    expect((await stored('snap', '2')).title).toBe('Senior Analyst');
  });

  it('two copies of one posting in a feed combine: the emptier later one loses nothing', async () => {
    const summary = await ingest('twice', [
      posting('twice', {
        externalId: '7',
        descriptionHtml: '<p>Design and run the payments ledger.</p>',
        salaryText: '€70,000 - €90,000 per year',
      }),
      posting('twice', { externalId: '7', title: 'Senior Backend Engineer', descriptionHtml: '' }),
    ]);
    expect(summary).toMatchObject({ new: 1, merged: 1 });
    const job = await stored('twice', '7');
    expect(job.title).toBe('Senior Backend Engineer');
    expect(job.description_text).toBe('Design and run the payments ledger.');
    expect(job.salary_text).not.toBeNull();
  });
});
