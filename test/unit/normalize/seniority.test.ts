import { describe, expect, it } from 'vitest';
import { classifySeniority } from '../../../src/ingest/normalize/seniority.ts';

describe('classifySeniority from the title', () => {
  it.each([
    ['Summer 2025 Software Engineering Intern', 'intern'],
    ['Werkstudent Data (m/w/d)', 'intern'],
    ['Junior Developer', 'entry'],
    ['Jr. Data Analyst', 'entry'],
    ['New Grad Software Engineer', 'entry'],
    ['Associate Product Manager', 'entry'],
    ['Software Engineer I', 'entry'],
    ['Software Engineer II', 'mid'],
    ['Mid-Level Backend Engineer', 'mid'],
    ['Senior Software Engineer', 'senior'],
    ['Sr. Data Engineer', 'senior'],
    ['Software Engineer III', 'senior'],
    ['Staff Engineer', 'lead'],
    ['Principal Product Designer', 'lead'],
    ['Tech Lead, Payments', 'lead'],
    ['Solutions Architect', 'lead'],
    ['Engineering Manager', 'manager'],
    ['Senior Manager, Finance', 'manager'],
    ['Head of Growth', 'director'],
    ['Director, Sales', 'director'],
    ['Associate Director of Marketing', 'director'],
    ['Senior Director, Engineering', 'director'],
    ['VP of Engineering', 'executive'],
    ['CTO', 'executive'],
    ['Chief Financial Officer', 'executive'],
    // individual-contributor "managers" keep their own rung
    ['Senior Product Manager', 'senior'],
    ['Junior Project Manager', 'entry'],
  ] as const)('%j → %s', (title, expected) => {
    expect(classifySeniority(title)).toBe(expected);
  });

  it.each([
    ['Software Engineer'],
    ['Product Manager'],
    ['Account Manager'],
    ['Lead Generation Specialist'],
    ['Chief of Staff'],
    ['Staff Accountant'],
    ['Mid-Market Account Executive'],
    [''],
  ])('%j has no seniority marker → null', (title) => {
    expect(classifySeniority(title)).toBeNull();
  });
});

describe('classifySeniority from the platform level field', () => {
  it.each([
    // Personio
    ['entry-level', 'entry'],
    ['experienced', 'mid'],
    ['executive', 'executive'],
    ['student', 'intern'],
    // SmartRecruiters experienceLevel labels
    ['Associate', 'entry'],
    ['Mid-Senior Level', 'mid'],
    ['Entry Level', 'entry'],
    ['Director', 'director'],
    ['Executive', 'executive'],
    ['Internship', 'intern'],
    ['Not Applicable', null],
  ] as const)('%j → %s', (field, expected) => {
    expect(classifySeniority('Software Engineer', field)).toBe(expected);
  });

  it('the title wins over a coarse field', () => {
    expect(classifySeniority('Senior Data Engineer', 'Mid-Senior Level')).toBe('senior');
    expect(classifySeniority('Staff Engineer', 'experienced')).toBe('lead');
  });

  it('tolerates missing input', () => {
    expect(classifySeniority(null)).toBeNull();
    expect(classifySeniority(undefined, null)).toBeNull();
  });
});
