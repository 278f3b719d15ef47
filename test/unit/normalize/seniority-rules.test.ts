/**
 * classifySeniority rules that mutation testing (npm run mutate) found unpinned (issue 11
 * item 9): years of experience in a title, the exceptions for lead generation, chief of
 * staff and staff accountants at other rungs, a trailing roman "I", and level fields.
 */
import { describe, expect, it } from 'vitest';
import { classifySeniority } from '../../../src/ingest/normalize/seniority.ts';

describe('classifySeniority: titles', () => {
  it.each([
    ['Software Developer Coop', 'intern'],
    ['Senior/Lead Data Engineer', 'lead'],
    ['Entry  Level Analyst', 'entry'],
    ['Senior Lead Generation Specialist', 'senior'],
    ['Director, Office of the Chief of Staff', 'director'],
    ['Senior Chief of Staff', 'senior'],
    ['Senior Staff Accountant', 'senior'],
    ['Software Engineer I, Payments', 'entry'],
    ['Software Engineer I (Remote)', 'entry'],
    ['Summer 2026 New Grads', null],
  ])('%j → %s', (title, expected) => {
    expect(classifySeniority(title)).toBe(expected);
  });
});

describe('classifySeniority: years of experience in a title', () => {
  it.each([
    ['Software Engineer (10+ years)', 'senior'],
    ['Engineer (3-10 years)', 'mid'],
    ['Data Analyst, 2+ Year Experience', 'entry'],
    ['Engineer (5+ yr)', 'mid'],
    ['Accountant - 10 Years Experience', 'senior'],
    ['Accountant - 3 Years Experience', 'mid'],
    ['Developer (3yrs exp)', 'mid'],
    ['Analyst - 1 Year Experience', 'entry'],
    ['Developer (2 yr exp)', 'entry'],
    // The bounds of the rungs: 0–2 entry, 3–5 mid, 6 and more senior.
    ['Engineer (2+ years)', 'entry'],
    ['Engineer (5+ years)', 'mid'],
    ['Engineer (6+ years)', 'senior'],
  ])('%j → %s', (title, expected) => {
    expect(classifySeniority(title)).toBe(expected);
  });

  it('a rung the title names beats its years', () => {
    expect(classifySeniority('Staff Engineer (2+ years)')).toBe('lead');
    // "Experienced" is a loose senior: the years say more.
    expect(classifySeniority('Experienced Engineer (2+ years)')).toBe('entry');
  });
});

describe('classifySeniority: level fields', () => {
  it.each([
    ['Manager', 'manager'],
    ['Lead', 'lead'],
    ['Senior', 'senior'],
  ])('%j → %s when the title names no rung', (field, expected) => {
    expect(classifySeniority('Software Engineer', field)).toBe(expected);
  });
});
