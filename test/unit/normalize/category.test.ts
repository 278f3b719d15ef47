import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../src/domain/categories.ts';
import { classifyCategory } from '../../../src/ingest/normalize/category.ts';

const slugs = new Set(CATEGORIES.map((c) => c.slug));

describe('classifyCategory by title', () => {
  it.each([
    ['Senior Software Engineer', 'software-engineering'],
    ['Frontend Developer', 'software-engineering'],
    ['Android Developer', 'software-engineering'],
    ['Engineering Recruiter', 'hr-recruiting'],
    ['Head of People', 'hr-recruiting'],
    ['AI Product Manager', 'product-management'],
    ['Product Designer', 'design'],
    ['UX Researcher', 'design'],
    ['Sales Engineer', 'sales'],
    ['Account Executive, Mid-Market', 'sales'],
    ['Customer Success Manager', 'customer-success'],
    ['Technical Support Engineer', 'customer-success'],
    ['Machine Learning Engineer', 'machine-learning'],
    ['Research Scientist', 'machine-learning'],
    ['Data Scientist', 'data-science'],
    ['Data Engineer', 'data-science'],
    ['Security Engineer', 'security'],
    ['Senior Security Engineer, Product', 'security'],
    ['Site Reliability Engineer', 'devops-infrastructure'],
    ['Platform Engineer', 'devops-infrastructure'],
    ['QA Engineer', 'qa-testing'],
    ['SDET', 'qa-testing'],
    ['Mechanical Engineer', 'hardware-engineering'],
    ['Firmware Engineer', 'hardware-engineering'],
    ['Product Marketing Manager', 'marketing'],
    ['Backend Engineer, Growth', 'software-engineering'],
    ['Technical Writer', 'content-writing'],
    ['Staff Accountant', 'finance'],
    ['Financial Analyst', 'finance'],
    ['Legal Counsel', 'legal'],
    ['Registered Nurse', 'healthcare'],
    ['Software Engineer, Health', 'software-engineering'],
    ['Math Teacher', 'education'],
    ['Field Service Technician', 'operations'],
    ['Office Manager', 'operations'],
    ['Head of Community', 'marketing'],
    ['Community Health Worker', 'healthcare'],
    ['Podcast Producer', 'content-writing'],
    ['Barista', 'other'],
  ])('%j → %s', (title, expected) => {
    expect(classifyCategory(title)).toBe(expected);
    expect(slugs.has(expected)).toBe(true);
  });
});

describe('classifyCategory fallbacks', () => {
  it('uses the department when the title says nothing', () => {
    expect(classifyCategory('Associate', 'People')).toBe('hr-recruiting');
    expect(classifyCategory('Associate', 'Engineering')).toBe('software-engineering');
    expect(classifyCategory('Associate', 'Marketing')).toBe('marketing');
    expect(classifyCategory('Associate', 'R&D')).toBe('software-engineering');
  });

  it('the title beats the department', () => {
    expect(classifyCategory('Recruiter', 'Engineering')).toBe('hr-recruiting');
  });

  it('uses skills last', () => {
    expect(classifyCategory('Associate', null, ['PyTorch', 'Python', 'NLP'])).toBe('machine-learning');
    expect(classifyCategory('Associate', null, ['Figma'])).toBe('design');
    expect(classifyCategory('Associate', null, ['Excel'])).toBe('other');
  });

  it('never returns null for a non-empty title, null for none', () => {
    expect(classifyCategory('Zzz qqq')).toBe('other');
    expect(classifyCategory('')).toBeNull();
    expect(classifyCategory(null)).toBeNull();
  });
});

describe('classifyCategory: trades, physical engineering and role nouns (issue 11)', () => {
  it.each([
    ['Stationary Engineer', 'operations'],
    ['Building Engineer', 'operations'],
    ['Facilities Engineer', 'operations'],
    ['Industrial Maintenance Mechanic', 'operations'],
    ['Welder', 'operations'],
    ['Environmental Engineer', 'hardware-engineering'],
    ['Civil Engineering Intern', 'hardware-engineering'],
    ['Geotechnical Engineer II', 'hardware-engineering'],
    ['Industrial Engineer Lead', 'hardware-engineering'],
    ['Compensation Analyst', 'hr-recruiting'],
    ['Director, Sales Compensation', 'hr-recruiting'],
    ['Total Rewards Partner', 'hr-recruiting'],
    ['UX Data Scientist', 'data-science'],
    ['UX Data Science - Intern', 'data-science'],
  ] as const)('%j → %s', (title, expected) => {
    expect(classifyCategory(title)).toBe(expected);
  });

  it.each([
    ['Software Engineer', 'software-engineering'],
    ['Backend Engineer', 'software-engineering'],
    ['UX Designer', 'design'],
    ['UX Researcher', 'design'],
    ['Senior UX Engineer', 'design'],
    ["Workers' Compensation Applicant Attorney", 'legal'],
    ['Product Design Intern for AI Platform', 'design'],
  ] as const)('unchanged: %j → %s', (title, expected) => {
    expect(classifyCategory(title)).toBe(expected);
  });
});
