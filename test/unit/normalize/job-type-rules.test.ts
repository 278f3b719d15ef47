/**
 * classifyJobType rules that mutation testing (npm run mutate) found unpinned (issue 11
 * item 9): whole-field codes, a contract segment at the start of a title, graduate start
 * dates against a summer programme, and the forms a description states the arrangement in.
 */
import { describe, expect, it } from 'vitest';
import { classifyJobType } from '../../../src/ingest/normalize/job-type.ts';

describe('classifyJobType: field values', () => {
  it.each([
    ['PTE', 'part-time'],
    ['I', 'internship'],
    ['T', 'temporary'],
    ['Full - Time', 'full-time'],
    // "FT/PT" is both offered only as the whole field.
    ['Temp FT/PT', 'temporary'],
    ['FT or PT seasonal', 'temporary'],
  ])('%j → %s', (field, expected) => {
    expect(classifyJobType(field, 'Barista')).toBe(expected);
  });

  it('an unrecognised field lets the title decide', () => {
    expect(classifyJobType('Other', 'Software Engineering Intern')).toBe('internship');
    expect(classifyJobType('Other', 'Barista - Full Time')).toBe('full-time');
  });
});

describe('classifyJobType: titles', () => {
  it('"Contract" as the first segment of a title names the arrangement', () => {
    expect(classifyJobType(null, 'Contract - Data Entry Clerk')).toBe('contract');
    expect(classifyJobType(null, 'Barista - Full Time')).toBe('full-time');
  });

  it('"Summer 2026" is no internship when the title names graduates', () => {
    expect(classifyJobType(null, 'Software Engineer - New Grads, Summer 2026')).toBeNull();
    expect(classifyJobType(null, 'Summer 2026 Graduate Analyst')).toBeNull();
    expect(classifyJobType(null, 'Summer 2026 Analyst')).toBe('internship');
  });
});

describe('classifyJobType: a description’s own statement', () => {
  it.each([
    ['This is a fulltime position on our platform team.', 'full-time'],
    ['This is a parttime position.', 'part-time'],
    ['This is a part-time position.', 'part-time'],
    ['Work Hours: Full Time', 'full-time'],
    ['Work Hours/Shift: / Full Time', 'full-time'],
    ['Schedule: /Full-time', 'full-time'],
    ['Job Type : Contract', 'contract'],
    ['Job Type:Contract', 'contract'],
    ['Job Type: Fulltime', 'full-time'],
    ['Job Type: Parttime', 'part-time'],
  ])('%j → %s', (descriptionText, expected) => {
    expect(classifyJobType(null, 'Barista', descriptionText)).toBe(expected);
  });

  it('is read in the first 20,000 characters only', () => {
    const filler = 'We serve great coffee. '.repeat(900);
    expect(classifyJobType(null, 'Barista', `${filler}Job Type: Contract`)).toBeNull();
    expect(classifyJobType(null, 'Barista', `Job Type: Contract. ${filler}`)).toBe('contract');
  });
});

describe("an intern's title with a full-time or part-time field (real postings)", () => {
  it.each([
    ['Full-time', 'Communications Intern', 'internship'],
    ['Part-time', 'Software Engineering Intern', 'internship'],
    ['FULL_TIME', 'Intern - Sales and Legal Operations', 'internship'],
    // Other titles keep the field's type; "Internal" is no intern.
    ['Full-time', 'Internal Auditor', 'full-time'],
    ['Part-time', 'Keyholder', 'part-time'],
  ])('%j with %j is %s', (field, title, expected) => {
    expect(classifyJobType(field, title)).toBe(expected);
  });
});

describe('a duration and "contract" closing parentheses', () => {
  it.each([
    ['Customer Service Representative (Lehi 6-month Contract)', 'contract'],
    ['Data Analyst (Remote, 12 month contract)', 'contract'],
    ['Contract Manager (Lehi)', null],
  ])('%j is %s', (title, expected) => {
    expect(classifyJobType(null, title)).toBe(expected);
  });
});
