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

describe('classifySeniority from levels, years and programmes in the title (issue 11)', () => {
  it.each([
    // A level number right after the role noun.
    ['Software Engineer 1', 'entry'],
    ['Software Engineer-1', 'entry'],
    ['Data Analyst 1, full-time contract worker for up to 12 months', 'entry'],
    ['Site Reliability Engineer 2', 'mid'],
    ['Site Reliability Engineer 3', 'senior'],
    // Years of experience asked: a range or "N+" (a lone "1 year" may be a contract's length).
    ['Full Stack Software Engineer – Experienced (3–5 Years)', 'mid'],
    ['Site Reliability Engineer (1-3yrs)', 'entry'],
    ['Data Scientist (6 to 8 Years)', 'senior'],
    ['Digital Content Operation Coordinator (1 year contract)', null],
    // …but a rung the title names wins over them.
    ['Senior DevOps Engineer (4 to 7 years with Python)', 'senior'],
    // Summer programmes are internships; a graduate's summer start date is not.
    ['2024 Quantitative Research Development Summer Analyst', 'intern'],
    ['Summer 2026 Investment Analyst', 'intern'],
    ['Software Engineer (New Grad Summer 2026)', 'entry'],
    // Campus and early-career programmes, not the people who run them.
    ['Business Development Representative (May 2027 Salisbury University)', 'entry'],
    ["Join Blanc Labs' Digital Academy Program", 'entry'],
    ['Early Talent Program Manager', null],
  ] as const)('%j → %s', (title, expected) => {
    expect(classifySeniority(title)).toBe(expected);
  });
});
