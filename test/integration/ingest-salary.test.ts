import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;

beforeAll(async () => {
  services = await createTestServices({ clock: () => new Date('2026-11-20T10:00:00Z') });
});
afterAll(() => services?.close());

function posting(externalId: string, overrides: Partial<RawPosting>): RawPosting {
  return {
    source: 'generic',
    board: 'pay',
    externalId,
    title: 'Payroll Analyst',
    payload: { externalId, ...overrides },
    ...overrides,
  };
}

async function salaryOf(externalId: string) {
  const [row] = await services.orm.em.fork().execute<
    {
      salary_currency: string | null;
      salary_currency_inferred: boolean | null;
      salary_min_usd: number | null;
    }[]
  >(
    `select j.salary_currency, j.salary_currency_inferred, j.salary_min_usd
       from source_posting sp join job j on j.id = sp.job_id where sp.board = 'pay' and sp.external_id = ?`,
    [externalId],
  );
  return row;
}

describe(`salary currency and rejects in a run (${TEST_DB})`, () => {
  it('stores whether the currency was inferred and counts refused figures by reason', async () => {
    const summary = await runIngest(services, {
      platform: 'generic',
      board: 'pay',
      complete: true,
      postings: [
        posting('stated', { salaryText: '€60,000 - €70,000 per year', locationText: 'Berlin, Germany' }),
        posting('country', {
          salary: { min: 60_000, max: 70_000, period: 'year' },
          locationText: 'Austin, TX',
        }),
        posting('default', { salary: { min: 50_000, max: 55_000, period: 'year' }, defaultCurrency: 'USD' }),
        posting('hourly-typo', { salaryText: '$4,000 per hour', locationText: 'Austin, TX' }),
        posting('funding', { descriptionText: 'We raised $40M - $50M from great investors.' }),
      ],
    });
    expect(summary.salaries).toBe(3);
    expect(summary.salaryRejects).toEqual({
      'implausible for its period': 1,
      'company funding or revenue': 1,
    });
    expect(await salaryOf('stated')).toMatchObject({
      salary_currency: 'EUR',
      salary_currency_inferred: false,
    });
    expect(await salaryOf('country')).toMatchObject({
      salary_currency: 'USD',
      salary_currency_inferred: true,
      salary_min_usd: 60_000,
    });
    expect(await salaryOf('default')).toMatchObject({
      salary_currency: 'USD',
      salary_currency_inferred: true,
    });
    expect(await salaryOf('hourly-typo')).toMatchObject({ salary_currency: null, salary_min_usd: null });
  });
});
