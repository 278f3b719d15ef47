/**
 * descriptionAmountReject: whether an amount in a description is this job's pay (issue 11),
 * case by case where mutation testing found the rule unchecked.
 */
import { describe, expect, it } from 'vitest';
import { descriptionAmountReject } from '../../../src/ingest/normalize/salary-context.ts';

function reject(text: string, amount: string, title: string | null, hasPeriod = false) {
  const at = text.indexOf(amount);
  expect(at, amount).toBeGreaterThanOrEqual(0);
  return descriptionAmountReject(text, at, at + amount.length, title, hasPeriod);
}

const RANGE = '$200k - $250k';

describe('company funding or revenue', () => {
  it('a funding word right before or after the amount, unless the amount names a pay period', () => {
    expect(reject('We raised $40M from top investors.', '$40M', 'Designer')).toBe(
      'company funding or revenue',
    );
    expect(reject('We passed $40M in revenue last year.', '$40M', 'Designer')).toBe(
      'company funding or revenue',
    );
    expect(reject('We raised $40M from top investors.', '$40M', 'Designer', true)).toBeNull();
    expect(reject('Our Series C brought $120M.', '$120M', 'Designer')).toBe('company funding or revenue');
  });

  it('a funding word more than 40 characters before the amount does not count', () => {
    expect(
      reject(
        'Backed by investors who value craft, care and long-term thinking, we offer $120k - $150k.',
        '$120k - $150k',
        'Designer',
      ),
    ).toBeNull();
  });

  it('only the words next to the amount count, within its sentence', () => {
    expect(
      reject(
        'Our seed round was led by great investors and we care deeply about our people. Expect $100k - $120k.',
        '$100k - $120k',
        'Designer',
      ),
    ).toBeNull();
    expect(
      reject(
        'Our investors love us. We care deeply about craft and people, so expect $100k - $120k.',
        '$100k - $120k',
        'Designer',
      ),
    ).toBeNull();
    expect(
      reject('Expect $100k - $120k for great people with revenue growth.', '$100k - $120k', 'Designer'),
    ).toBeNull();
  });
});

describe('the pay of another role', () => {
  it('a role noun the title does not name', () => {
    expect(reject(`Engineers earn ${RANGE} here.`, RANGE, 'Product Designer')).toBe('about another role');
    expect(reject(`Expect ${RANGE} for senior engineer candidates`, RANGE, 'Product Designer')).toBe(
      'about another role',
    );
  });

  it('the same noun at another level, when the title names a level', () => {
    const text = `Senior engineers earn ${RANGE} here.`;
    expect(reject(text, RANGE, 'Junior Software Engineer')).toBe('about another role');
    expect(reject(text, RANGE, 'Software Engineer')).toBeNull();
    expect(reject(text, RANGE, 'Senior Software Engineer')).toBeNull();
    expect(reject(text, RANGE, 'Software Engineers')).toBeNull();
  });

  it('is this job after a pay label, for "this role" or "you will earn", without a title, or for a title naming no role', () => {
    expect(reject(`Engineers: salary: ${RANGE}.`, RANGE, 'Product Designer')).toBeNull();
    expect(
      reject(`Engineers earn a lot; for this role we offer ${RANGE}.`, RANGE, 'Product Designer'),
    ).toBeNull();
    expect(reject(`As an engineer you'll earn ${RANGE}.`, RANGE, 'Product Designer')).toBeNull();
    expect(reject(`Engineers earn ${RANGE} here.`, RANGE, null)).toBeNull();
    expect(reject(`Engineers earn ${RANGE} here.`, RANGE, 'Multiple roles')).toBeNull();
    expect(reject(`Expect ${RANGE} here.`, RANGE, 'Product Designer')).toBeNull();
  });

  it('reads the sentence of the amount, not the ones around it', () => {
    expect(reject(`Engineers earn ${RANGE}.\nDesigners are great.`, RANGE, 'Product Designer')).toBe(
      'about another role',
    );
    expect(reject(`Designers are great! Engineers earn ${RANGE}.`, RANGE, 'Product Designer')).toBe(
      'about another role',
    );
    expect(reject(`Engineers are great. Designers earn ${RANGE}.`, RANGE, 'Product Designer')).toBeNull();
    expect(
      reject(`Designers are great.\nExpect ${RANGE}. Engineers get more.`, RANGE, 'Product Designer'),
    ).toBeNull();
    expect(
      reject(`Designers are great. Expect ${RANGE}! Engineers get more.`, RANGE, 'Product Designer'),
    ).toBeNull();
  });
});

describe('levels of one role noun', () => {
  it.each([
    ['Founding Engineer', 'Senior'],
    ['Senior Engineer', 'Junior'],
    ['Sr Engineer', 'Junior'],
    ['Staff Engineer', 'Junior'],
    ['Principal Engineer', 'Junior'],
    ['Lead Engineer', 'Junior'],
    ['Jr Engineer', 'Senior'],
    ['Entry Level Engineer', 'Senior'],
    ['New Grad Engineer', 'Senior'],
    ['Software Engineer Intern', 'Senior'],
    ['Software Engineer Internship', 'Senior'],
  ])('a %j posting does not take the pay of %s engineers', (title, other) => {
    expect(reject(`${other} engineers earn ${RANGE} here.`, RANGE, title)).toBe('about another role');
  });
});

describe('a benefit named after the amount or before a qualifier (real postings)', () => {
  it('an education budget, a perk, tuition "up to" after a comma', () => {
    expect(
      reject('- $1000 - 2500 for further education, conferences and books', '$1000 - 2500', 'Engineer'),
    ).toBe('a benefit or target, not pay');
    expect(reject('$200/month Quality of Life perk', '$200', 'Data Analyst', true)).toBe(
      'a benefit or target, not pay',
    );
    expect(
      reject('Tuition reimbursement on approved programs, up to $5,250 a year.', '$5,250', 'Analyst', true),
    ).toBe('a benefit or target, not pay');
  });

  it('a comma before the qualifier does not reach back past a salary label', () => {
    expect(reject('Salary: competitive, up to $150,000 a year.', '$150,000', 'Analyst', true)).toBeNull();
    expect(
      reject('Base pay $120,000 - $150,000 per year.', '$120,000 - $150,000', 'Analyst', true),
    ).toBeNull();
  });
});
