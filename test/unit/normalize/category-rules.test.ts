/**
 * classifyCategory's folding and fallbacks (issue 11 item 9: pinned where mutation
 * testing found them unchecked).
 */
import { describe, expect, it } from 'vitest';
import { classifyCategory } from '../../../src/ingest/normalize/category.ts';

describe('title text', () => {
  it('a title with no letters or digits has no category', () => {
    expect(classifyCategory('***')).toBeNull();
    expect(classifyCategory('—')).toBeNull();
  });

  it('punctuation between words separates them ("Sr.Accountant")', () => {
    expect(classifyCategory('Sr.Accountant')).toBe('finance');
    expect(classifyCategory('Sr.Data Scientist')).toBe('data-science');
  });
});

describe('role noun', () => {
  it('a level after the role noun does not hide it (the domain word earlier does not decide)', () => {
    expect(classifyCategory('Data Analytics Software Test Engineer II')).toBe('qa-testing');
    expect(classifyCategory('Data Analytics Software Test Engineer Intern')).toBe('qa-testing');
    expect(classifyCategory('AI GTM Program Manager III')).toBe('operations');
  });

  it('a short family word opening the role noun counts ("ML Infrastructure Engineer")', () => {
    expect(classifyCategory('ML Infrastructure Engineer')).toBe('machine-learning');
    expect(classifyCategory('Senior ML Platform Engineer')).toBe('machine-learning');
  });

  it('a catch-all noun ("architect") leaves the decision to the family word before it', () => {
    expect(classifyCategory('Curriculum Architect')).toBe('education');
  });

  it('a word that begins or ends with "and" is no compound role ("Android", "Brand")', () => {
    // Only a compound role ("X and Y") hands the decision to the whole title, whose
    // qualifier would make an Android engineer a machine-learning one.
    expect(classifyCategory('Senior Android Engineer, AI Platform')).toBe('software-engineering');
    expect(classifyCategory('Android Developer - Machine Learning Platform')).toBe('software-engineering');
    // …nor one that ends with it ("Brand"): the campaign coordinator stays in marketing.
    expect(classifyCategory('Brand Campaign Coordinator')).toBe('marketing');
  });

  it.each([
    ['Mobile Nurse Practitioner', 'healthcare'],
    ['Geriatric Primary Care NP/PA (Mobile Practice)', 'healthcare'],
    ['Mobile Service Technician - Orlando, FL', 'operations'],
    ['Mobile Crane Operator', 'operations'],
    ['Web Design Tutor', 'education'],
    // Still software: the word beside a builder's, or alone.
    ['Mobile Engineer', 'software-engineering'],
    ['Senior Web Developer - Pittsburgh, PA', 'software-engineering'],
    ['Web Experience Manager', 'software-engineering'],
    ['SR Engenharia Mobile (React Native)', 'software-engineering'],
  ])('"mobile" and "web" are software unless the role is another trade\'s: %s → %s', (title, slug) => {
    expect(classifyCategory(title)).toBe(slug);
  });

  it("a software engineer's qualifiers are read together, whatever separates them", () => {
    expect(classifyCategory('Software Engineer - Core | Infrastructure')).toBe('devops-infrastructure');
  });
});

describe('department', () => {
  it('a blank department is none; its own words come before the title rules', () => {
    expect(classifyCategory('Associate', '  ')).toBe('other');
    expect(classifyCategory('Associate', 'Product')).toBe('product-management');
    expect(classifyCategory('Associate', 'Product Design')).toBe('design');
    expect(classifyCategory('Associate', 'Go-To-Market')).toBe('sales');
    expect(classifyCategory('Associate', 'G&A')).toBe('operations');
  });
});

describe('skills', () => {
  it('the family with most skills wins; a tie goes to the earlier family', () => {
    expect(classifyCategory('Associate', null, ['Tableau', 'Docker', 'Looker'])).toBe('data-science');
    expect(classifyCategory('Associate', null, ['Docker', 'Tableau'])).toBe('data-science');
    expect(classifyCategory('Associate', null, ['Kubernetes', 'Terraform', 'Python'])).toBe(
      'devops-infrastructure',
    );
    expect(classifyCategory('Associate', null, [42, 'Figma'] as unknown as string[])).toBe('design');
    expect(classifyCategory('Associate', null, [])).toBe('other');
    // A department no rule knows leaves the decision to the skills.
    expect(classifyCategory('Associate', 'Zzz', ['Figma'])).toBe('design');
  });
});

describe('one title after another', () => {
  it("a title's family does not depend on the titles classified before it", () => {
    // Each rule is read from the start of each title: a match far into one title
    // ("Technical Recruiter") must not hide an early one in the next ("Sales Recruiter").
    expect(classifyCategory('Senior Technical Recruiter')).toBe('hr-recruiting');
    expect(classifyCategory('Sales Recruiter')).toBe('hr-recruiting');
    expect(classifyCategory('Senior Registered Nurse, Oncology')).toBe('healthcare');
    expect(classifyCategory('Nurse Educator')).toBe('healthcare');
  });
});

describe('a title no rule reads', () => {
  it('is "other" in any script; only a title with no letter or digit has no category', () => {
    // Titles from ../shared/data: the rules read Latin letters only.
    expect(classifyCategory('キー・ビジネスディベロッパー（日本）')).toBe('other');
    expect(classifyCategory('アブストラクター(契約社員)')).toBe('other');
    expect(classifyCategory('???')).toBeNull();
  });
});

// Real titles of ../shared/data that fell into software engineering by their "engineer"
// (stop 23): 283 of them, read one by one before and after.
describe('engineers of physical things', () => {
  it.each([
    'Controls Engineer',
    'Principal Capacitor Engineer',
    'Engineer, Electrical',
    'Electrical Performance Engineer',
    'Senior Thermal Engineer',
    'Project Engineer - Water Resources',
    'OSP Construction Project Engineer',
    'Mechanical Design Engineer',
    'Senior Power Electronics Engineer',
    'Senior Engineering Technician, Fluid Systems',
    'Propulsion Test Responsible Engineer I',
    'Staff Optical Engineer, Waveguide Design',
    'Ingénieur·e en analyse de contraintes de tuyauterie (Piping Stress Engineer)',
  ])('%j is hardware engineering', (title) => {
    expect(classifyCategory(title)).toBe('hardware-engineering');
  });

  it.each([
    ['2024 Summer Avionics Software Engineer Internship', 'software-engineering'],
    ['Software Project Engineer', 'software-engineering'],
    // A domain word without an engineer is not an engineering job.
    ['Global Supply Manager, Avionics', 'other'],
    ['Satellite Operator', 'operations'],
    ['Electrical Technician', 'operations'],
  ])('%j stays %s', (title, expected) => {
    expect(classifyCategory(title)).toBe(expected);
  });

  it('a go-to-market, customer or field applications engineer sells', () => {
    expect(classifyCategory('GTM Engineer')).toBe('sales');
    expect(classifyCategory('Customer Engineer, Google Cloud')).toBe('sales');
    expect(classifyCategory('Senior Field Applications Engineer')).toBe('sales');
  });

  it('a field service engineer keeps equipment running: operations, not software', () => {
    expect(classifyCategory('Field Service Engineer II')).toBe('operations');
    expect(classifyCategory('Field Engineer')).toBe('operations');
    expect(classifyCategory('Field Service Technicians')).toBe('operations');
    // Field engineering at a software company is the engineers' own.
    expect(classifyCategory('Field Engineering Manager')).not.toBe('operations');
    expect(classifyCategory('Junior Cloud Field Engineer')).toBe('software-engineering');
  });

  it('copywriting is writing', () => {
    expect(classifyCategory('Senior Manager, Video Copywriting')).toBe('content-writing');
    expect(classifyCategory('Associate, Copywriting')).toBe('content-writing');
  });
});

describe('product marketing (real titles)', () => {
  it.each([
    ['Director, Product Marketing', 'marketing'],
    ['Group Product Marketing Manager', 'marketing'],
    ['Head of Product Marketing', 'marketing'],
    // A product manager of a marketing product stays a product manager.
    ['Product Manager, Marketing Platform', 'product-management'],
    ['Senior Product Manager', 'product-management'],
  ])('%j is %s', (title, slug) => {
    expect(classifyCategory(title)).toBe(slug);
  });
});
