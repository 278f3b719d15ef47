import { describe, expect, it } from 'vitest';
import { expectedUsd, hasValue, scoreFields } from '../../../src/ingest/quality/field-scores.ts';
import { makeJob } from '../../helpers/factories.ts';

const ok = (outcomes: ReturnType<typeof scoreFields>) =>
  Object.fromEntries(outcomes.map((o) => [o.field, o.ok]));

describe('scoring a job against a posting label', () => {
  it('scores only the fields the label states', () => {
    expect(scoreFields({}, makeJob())).toEqual([]);
    expect(scoreFields({ jobType: 'contract' }, makeJob()).map((o) => o.field)).toEqual(['jobType']);
  });

  it('counts a missing value where the label states one as wrong, and null as right where the label says none', () => {
    const job = makeJob({ city: null, countryCode: null, region: null });
    expect(ok(scoreFields({ city: 'Berlin', country: null }, job))).toEqual({ city: false, country: true });
  });

  it('matches cities folded and by common alias, regions by postal code or name', () => {
    const job = makeJob({ city: 'Zürich', region: 'California', countryCode: 'CH' });
    expect(ok(scoreFields({ city: 'zurich', region: 'CA', country: 'CH' }, job))).toEqual({
      city: true,
      region: true,
      country: true,
    });
    expect(ok(scoreFields({ city: 'Bangalore' }, makeJob({ city: 'Bengaluru' })))).toEqual({ city: true });
    expect(ok(scoreFields({ city: 'Mountain View' }, makeJob({ city: '665 Clyde Avenue' })))).toEqual({
      city: false,
    });
  });

  it('takes "not remote" as anything but remote, including unknown', () => {
    expect(ok(scoreFields({ remoteType: 'not-remote' }, makeJob({ remoteType: 'unknown' })))).toEqual({
      remoteType: true,
    });
    expect(ok(scoreFields({ remoteType: 'not-remote' }, makeJob({ remoteType: 'remote' })))).toEqual({
      remoteType: false,
    });
  });

  it('annualizes and converts the labelled pay with the store rates, within 2 %', () => {
    expect(expectedUsd(50, 'USD', { min: 50, max: 55, currency: 'USD', period: 'hour' })).toBe(104_000);
    const label = { salary: { min: 120_000, max: null, currency: 'USD', period: 'year' as const } };
    expect(ok(scoreFields(label, makeJob({ salaryMinUsd: 121_000, salaryMaxUsd: null })))).toEqual({
      salaryMinUsd: true,
      salaryMaxUsd: true,
    });
    // "$120k+" is an open upper bound: a max equal to the min is wrong.
    expect(ok(scoreFields(label, makeJob({ salaryMinUsd: 120_000, salaryMaxUsd: 120_000 })))).toEqual({
      salaryMinUsd: true,
      salaryMaxUsd: false,
    });
  });

  it('requires every included skill and no excluded one', () => {
    const label = { skills: { include: ['Python'], exclude: ['GCP'] } };
    expect(ok(scoreFields(label, makeJob({ skills: ['Python', 'SQL'] })))).toEqual({ skills: true });
    expect(scoreFields(label, makeJob({ skills: ['Python', 'GCP'] }))[0]).toMatchObject({
      ok: false,
      got: 'has GCP',
    });
  });

  it('finds mojibake left in the title, company or description', () => {
    const label = { textClean: true as const };
    expect(ok(scoreFields(label, makeJob({ descriptionText: 'the Companyâ€™s team' })))).toEqual({
      text: false,
    });
    expect(ok(scoreFields(label, makeJob({ descriptionText: "the Company's team" })))).toEqual({
      text: true,
    });
  });

  it('scores every stated field of a refused row as wrong', () => {
    expect(scoreFields({ jobType: 'contract', city: null }, null).every((o) => !o.ok)).toBe(true);
  });

  it('does not count the category fallback "other" as coverage', () => {
    expect(hasValue('category', makeJob({ categorySlug: 'other' }))).toBe(false);
    expect(hasValue('remoteType', makeJob({ remoteType: 'unknown' }))).toBe(false);
  });
});
