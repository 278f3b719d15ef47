/**
 * Amounts that are not this job's pay, and periods written the way real postings write
 * them, found by listing every salary of ../shared/data whose yearly figure was under
 * $12,000 or over $900,000 (stop 23): a learning budget, an HSA contribution and a
 * signing bonus read as salaries, "100% remote" as $100 an hour, a California state
 * pay scale's monthly range as a year's pay.
 */
import { describe, expect, it } from 'vitest';
import { findSalaryFigures } from '../../../src/ingest/normalize/salary-text.ts';
import { normalizeSalary } from '../../../src/ingest/normalize/salary.ts';

const fromDescription = (descriptionText: string, title = 'Product Manager') =>
  normalizeSalary({ descriptionText, title, countryCurrency: 'USD' });

describe('a benefit, a target or a fee is no salary', () => {
  it.each([
    'Tools and support to do your best work: MacBook, monitor and €1,000 annual learning budget.',
    'We’ll also contribute $150 per month to a health savings account (HSA).',
    'Tuition Reimbursement - up to 75% with a maximum of $2000 per year.',
    'You need to have a track record of exceeding >$1m annual quotas.',
    'Fitness reimbursement: up to $1,000/year',
    'Car Allowance: $500/month provided for business-related travel.',
  ])('%j', (text) => {
    expect(fromDescription(text)).toMatchObject({
      minUsd: null,
      maxUsd: null,
      rejects: ['a benefit or target, not pay'],
    });
  });

  it('in a pay field too: "Visa + €10k Signing Bonus", "$8k contract → 5% equity" (HN headers)', () => {
    expect(normalizeSalary({ text: 'Visa + €10k Signing Bonus' })).toMatchObject({
      minUsd: null,
      maxUsd: null,
    });
    expect(normalizeSalary({ text: '$8k contract → 5% equity' })).toMatchObject({
      minUsd: null,
      maxUsd: null,
    });
    // A rate for contract work is pay; so is a salary beside a bonus.
    expect(normalizeSalary({ text: '$60/hr contract' })).toMatchObject({ min: 60, period: 'hour' });
    expect(normalizeSalary({ text: '$150,000 - $180,000 + bonus + equity' })).toMatchObject({
      minUsd: 150_000,
    });
    expect(normalizeSalary({ text: '$200k OTE (50/50 base/bonus)' })).toMatchObject({ minUsd: 200_000 });
  });

  it('a flat fee for a piece of work is no salary', () => {
    expect(
      fromDescription(
        'This is a flat-fee contract — $3,000–$4,500 for a defined deliverable.',
        'Score Engine Engineer',
      ),
    ).toMatchObject({ minUsd: null });
  });

  it('a role named "Machine Learning" is no learning budget', () => {
    const text =
      '* Staff Software Engineer - Infrastructure, Machine Learning ($250,000 - $330,000): https://grnh.se/x';
    expect(fromDescription(text, 'Multiple roles')).toMatchObject({ minUsd: 250_000, maxUsd: 330_000 });
  });

  it('a share is no amount: "0.10% - 0.20%", "100% remote"', () => {
    expect(findSalaryFigures('$3K - $4.5K / monthly • 0.10% - 0.20% • San Francisco')).toHaveLength(1);
    expect(findSalaryFigures('100% remote, 50% travel')).toEqual([]);
  });
});

describe('the amount a description labels as pay wins', () => {
  it('over the perks listed before it', () => {
    const text = [
      '- Fitness reimbursement: up to $1,000/year',
      '- $150/month in product',
      'Compensation & Structure',
      '- Starting Total Compensation: $72,000',
    ].join('\n');
    expect(fromDescription(text, 'Route Sales Representative')).toMatchObject({
      minUsd: 72_000,
      maxUsd: 72_000,
    });
  });

  it('and without a label the first amount stays: a base before its variable part', () => {
    const text =
      'Compensation & Benefits\n\n$83,000 base salary + $5,000 variable, for a total on-target earnings (OTE) of $88,000.';
    expect(fromDescription(text, 'Manager, Program Success')).toMatchObject({ minUsd: 83_000 });
  });
});

describe('periods as real postings write them', () => {
  it('a range with no period worth $1,500–$10,000 in a high-wage currency is monthly', () => {
    expect(normalizeSalary({ text: '$4,784.00 - $5,988.00' })).toMatchObject({
      period: 'month',
      minUsd: 57_408,
      maxUsd: 71_856,
    });
  });

  it("elsewhere such a figure may be a year's pay, and under $1,500 a day's or a week's", () => {
    expect(normalizeSalary({ text: '₹4,00,000 - ₹5,00,000' })).toMatchObject({
      period: 'year',
      min: 400_000,
    });
    expect(normalizeSalary({ text: '£450 - £500' })).toMatchObject({
      minUsd: null,
      rejects: ['implausible for its period'],
    });
  });

  it('"gross/monthly", a field glued on after the period, a label glued before the amount', () => {
    expect(normalizeSalary({ text: '15 000- 18 000 PLN gross/monthly' })).toMatchObject({
      period: 'month',
      min: 15_000,
      max: 18_000,
      currency: 'PLN',
    });
    expect(
      fromDescription('Salary$4,111.47 - $5,122.96 monthlyDate Posted6/26/2018', 'Data Analyst'),
    ).toMatchObject({
      period: 'month',
      min: 4_111.47,
      max: 5_122.96,
    });
    expect(
      normalizeSalary({ text: '(some remote work ok)$28.00/hourPlease include your resume' }),
    ).toMatchObject({
      period: 'hour',
      min: 28,
    });
  });

  it('a number before a range of marked amounts is not its first end ("on 1099 — $4,000–$6,000/month")', () => {
    expect(
      findSalaryFigures('a paid contract on 1099 — $4,000–$6,000/month depending on experience'),
    ).toEqual([expect.objectContaining({ min: 4_000, max: 6_000, currency: '$', period: 'month' })]);
    // With a qualifier before that number, the reading goes on after the number, not before it.
    expect(findSalaryFigures('paid from 1099 — $4,000–$6,000/month')).toEqual([
      expect.objectContaining({ min: 4_000, max: 6_000, currency: '$', period: 'month' }),
    ]);
  });
});
