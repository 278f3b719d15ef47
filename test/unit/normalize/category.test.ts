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
    // The role noun before the qualifiers decides (issue 11: domain words pulled jobs away).
    ['Backend Engineer, AI Product', 'software-engineering'],
    ['Fullstack Engineer (AI Product)', 'software-engineering'],
    ['Software Engineer – Securities Finance', 'software-engineering'],
    ['Data Analytics Software Test Engineer', 'qa-testing'],
    ['AI GTM Program Manager', 'operations'],
    ['Senior Distributed Systems Engineer', 'software-engineering'],
    ['Head of Product Design', 'design'],
    ['Sr. Enterprise Account Exec- Data Science / ML - NYC', 'sales'],
    ['Wireless Engineer (SDR)', 'hardware-engineering'],
    ['Embedded Software Engineer II', 'hardware-engineering'],
    ['Product Design Intern for AI Platform', 'design'],
    // …but a plain software engineer takes the engineering family its qualifier names.
    ['Senior Software Engineer - Database Infrastructure', 'devops-infrastructure'],
    ['Senior Software Engineer - Data Engineering', 'data-science'],
    ['Software Engineer, Machine Learning', 'machine-learning'],
    // A compound role: the whole title decides.
    ['Research Scientists and Research Engineers', 'machine-learning'],
    ['Manager of Food Safety and Quality Assurance', 'operations'],
    ['Social Media & Content Strategist', 'marketing'],
    ['IT Systems Technician', 'devops-infrastructure'],
    ['ETL Engineer - Ts/Sci CI Poly', 'data-science'],
    ['Antibody Engineer', 'other'],
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

describe('classifyCategory: role nouns that used to fall to "other" (issue 11, golden set)', () => {
  // Titles from ../shared/data outside the golden set: the families are the most frequent
  // role nouns among the 16,462 rows that no rule matched.
  it.each([
    ['Optometrist, Part-Time - Clay Terrace', 'healthcare'],
    ['Apprentice Optician, Part-Time - Freehold Raceway', 'healthcare'],
    ['Registered Behavior Technician (RBT) - Cicero', 'healthcare'],
    ['Behavioral Interventionist', 'healthcare'],
    ['auxiliaire de vie personnes âgées H/F', 'healthcare'],
    ['Speech-Language Pathologist', 'healthcare'],
    ['Associate Director, Paid Social', 'marketing'],
    ['Manager, Media Buying (Retail Media)', 'marketing'],
    ['Senior Campaign Manager, Programmatic & Digital Advertising', 'marketing'],
    ['Leasing Consultant - Regency Apartment Homes', 'sales'],
    ['Account Development Representative (Danish Speaking)', 'sales'],
    ['Senior Partner Manager, Cloud Alliances (ASEAN & GCR)', 'sales'],
    ['Regional Merchant Lead - Houston', 'sales'],
    ['Graduate Trader Programme Amsterdam 2026', 'finance'],
    ['Head of Investor Relations', 'finance'],
    ['Senior Product Analyst', 'data-science'],
    ['Associate Director, Biostatistics', 'data-science'],
    ['Employee Relations Partner', 'hr-recruiting'],
    ['IT Service Desk Analyst III', 'devops-infrastructure'],
    ['Développeur/Développeuse de logiciels', 'software-engineering'],
    ['Application Development Lead', 'software-engineering'],
    ['Store Manager - Brickell City Centre', 'operations'],
    ['Shift Lead - Deer Park', 'operations'],
    ['Keyholder - Studio City', 'operations'],
    ['Multi-Unit General Manager', 'operations'],
    ['Professional Services Consultant', 'customer-success'],
    ['Manager, Client Experience', 'customer-success'],
  ] as const)('%j → %s', (title, expected) => {
    expect(classifyCategory(title)).toBe(expected);
  });

  it('decides only where no earlier rule did: the same words as a domain keep the role noun', () => {
    expect(classifyCategory('Trading Software Developer')).toBe('software-engineering');
    expect(classifyCategory('Merchant Payments Engineer')).toBe('software-engineering');
    expect(classifyCategory('Clinical Supervisor')).toBe('healthcare');
    expect(classifyCategory('Office Manager - Optical Experience Required')).toBe('operations');
    expect(classifyCategory('Quantitative Researcher')).toBe('data-science');
    expect(classifyCategory("Coordinateur / assistant d'agence d'aide à domicile (H/F)")).toBe('operations');
  });

  it('leaves ambiguous nouns alone', () => {
    expect(classifyCategory('Supplier Relationship Manager')).not.toBe('sales');
    expect(classifyCategory('Copy Supervisor')).not.toBe('operations');
    expect(classifyCategory('Technical Lead - Cable Assembly')).not.toBe('software-engineering');
    expect(classifyCategory('Multiple roles')).toBe('other');
  });

  it('a role noun in the title beats the department', () => {
    expect(classifyCategory('Customer Onboarding Manager', 'Revenue')).toBe('customer-success');
  });
});
