import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AtsPlatform } from '../../src/domain/enums.ts';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
const now = new Date('2026-11-20T10:00:00Z');

beforeAll(async () => {
  services = await createTestServices({ clock: () => now });
});
afterAll(() => services?.close());

function posting(
  source: AtsPlatform,
  board: string,
  externalId: string,
  fields: Partial<RawPosting> & { title: string; companyName: string },
): RawPosting {
  const all = {
    source,
    board,
    externalId,
    descriptionHtml: '<p>Short.</p>',
    locationText: 'Radnor, PA',
    postedAt: '2026-11-01T09:00:00Z',
    ...fields,
  };
  return { ...all, payload: all } as RawPosting;
}

const ingest = (platform: AtsPlatform, board: string, postings: RawPosting[]) =>
  runIngest(services, { platform, board, postings, complete: false });

async function jobsOf(board: string) {
  return services.orm.em
    .fork()
    .execute<{ job_id: string; external_id: string }[]>(
      `select job_id, external_id from source_posting where board = ? order by external_id`,
      [board],
    );
}

describe(`cross-source dedup in the ingest path (${TEST_DB})`, () => {
  it('merges a copy by the ATS job its URL names and by board token ↔ name, keeps other cohorts apart', async () => {
    await ingest('greenhouse', 'scm', [
      posting('greenhouse', 'scm', '721888', { title: 'Developer Internship', companyName: 'scm' }),
      posting('greenhouse', 'scm', '712340', { title: 'Quantitative Research Analyst', companyName: 'scm' }),
      posting('greenhouse', 'scm', '4076978007', {
        title: 'Data Science Internship, 2026',
        companyName: 'scm',
      }),
    ]);
    const summary = await ingest('generic', 'simplify', [
      // Retitled, in another city, linked to the Greenhouse job: the id settles it.
      posting('generic', 'simplify', 'a', {
        title: 'Developer Intern',
        companyName: 'Stevens Capital Management LP',
        locationText: 'Villanova, PA',
        listingUrl: 'https://boards.greenhouse.io/scm/jobs/721888?gh_src=x',
      }),
      // No link: the board token is the name's initials, same title and place.
      posting('generic', 'simplify', 'b', {
        title: 'Quantitative Research Analyst',
        companyName: 'Stevens Capital Management LP',
      }),
      // The same reused job id, another cohort.
      posting('generic', 'simplify', 'c', {
        title: 'Data Science Internship - 2024',
        companyName: 'Stevens Capital Management LP',
        listingUrl: 'https://boards.greenhouse.io/scm/jobs/4076978007',
      }),
    ]);
    expect(summary).toMatchObject({ new: 1, merged: 2 });
    const board = new Map((await jobsOf('scm')).map((r) => [r.external_id, r.job_id]));
    const copies = new Map((await jobsOf('simplify')).map((r) => [r.external_id, r.job_id]));
    expect(copies.get('a')).toBe(board.get('721888'));
    expect(copies.get('b')).toBe(board.get('712340'));
    expect(copies.get('c')).not.toBe(board.get('4076978007'));
  });

  it('backfills the keys of stored jobs as the code writes them', async () => {
    const em = services.orm.em.fork();
    const written = await em.execute<{ id: string; dedup_keys: string[] }[]>(
      `select id, dedup_keys from job order by id`,
    );
    await services.orm.migrator.down({ to: 'Migration20261125100010' });
    await services.orm.migrator.up();
    const backfilled = await em.execute<{ id: string; dedup_keys: string[] }[]>(
      `select id, dedup_keys from job order by id`,
    );
    // A merged copy adds its own keys to the job (its title and company as it wrote them),
    // which stored rows do not hold: the backfill gives a job without copies exactly its
    // keys, and a job with copies at least those of its first posting.
    const copied = new Set(
      (
        await em.execute<{ job_id: string }[]>(
          'select job_id from source_posting group by job_id having count(*) > 1',
        )
      ).map((r) => String(r.job_id)),
    );
    expect(copied.size).toBeGreaterThan(0);
    const sorted = (rows: { id: string; dedup_keys: string[] }[]) =>
      rows.map((r) => ({ id: String(r.id), dedup_keys: [...r.dedup_keys].sort() }));
    const byId = new Map(sorted(written).map((r) => [r.id, r.dedup_keys]));
    expect(sorted(backfilled).map((r) => r.id)).toEqual([...byId.keys()]);
    for (const r of sorted(backfilled)) {
      if (copied.has(r.id)) expect(byId.get(r.id)).toEqual(expect.arrayContaining(r.dedup_keys));
      else expect({ id: r.id, keys: r.dedup_keys }).toEqual({ id: r.id, keys: byId.get(r.id) });
    }
  });

  it('finds a third copy by the keys an earlier copy brought to the job', async () => {
    // First seen without any ATS id: the job's own keys are its company and title.
    await ingest('generic', 'hn-third', [
      posting('generic', 'hn-third', 'p1', {
        title: 'Platform Engineer',
        companyName: 'Stevens Capital Management LP',
      }),
    ]);
    // The Greenhouse copy merges by board token ↔ initials and title, and carries its job id.
    expect(
      await ingest('greenhouse', 'scm', [
        posting('greenhouse', 'scm', '8000001', { title: 'Platform Engineer', companyName: 'scm' }),
      ]),
    ).toMatchObject({ new: 0, merged: 1 });
    // A retitled copy linking that Greenhouse job meets only the copy's key.
    expect(
      await ingest('generic', 'simplify-third', [
        posting('generic', 'simplify-third', 'q1', {
          title: 'Platform Engineer (Trading Infrastructure)',
          companyName: 'Stevens Capital Management LP',
          listingUrl: 'https://boards.greenhouse.io/scm/jobs/8000001',
        }),
      ]),
    ).toMatchObject({ new: 0, merged: 1 });
    const [first] = await jobsOf('hn-third');
    const [third] = await jobsOf('simplify-third');
    expect(third!.job_id).toBe(first!.job_id);
  });
});
