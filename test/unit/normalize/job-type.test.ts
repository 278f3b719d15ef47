import { describe, expect, it } from 'vitest';
import { classifyJobType } from '../../../src/ingest/normalize/job-type.ts';

describe('classifyJobType from the employment field', () => {
  it.each([
    ['Full-time', 'full-time'],
    ['FullTime', 'full-time'],
    ['fulltime', 'full-time'],
    ['permanent', 'full-time'],
    ['Regular', 'full-time'],
    ['Intern', 'internship'],
    ['Internship', 'internship'],
    ['intern', 'internship'],
    ['trainee', 'internship'],
    ['working_student', 'part-time'],
    ['Werkstudent', 'part-time'],
    ['Part-time', 'part-time'],
    ['PartTime', 'part-time'],
    ['freelance', 'contract'],
    ['Contract', 'contract'],
    ['contractor', 'contract'],
    ['Full-time Contract', 'contract'],
    ['Contract to Hire', 'contract'],
    ['temporary', 'temporary'],
    ['Temp', 'temporary'],
    ['Temporary', 'temporary'],
    ['Seasonal', 'temporary'],
    ['full-or-part-time', 'full-time'],
    ['Part-time Internship', 'internship'],
    ['Vollzeit', 'full-time'],
  ] as const)('%j → %s', (text, expected) => {
    expect(classifyJobType(text)).toBe(expected);
  });

  it.each([[''], ['   '], ['Other'], ['NONE']])('%j → null', (text) => {
    expect(classifyJobType(text)).toBeNull();
  });
});

describe('classifyJobType falls back to the title', () => {
  it.each([
    ['Summer 2025 Intern', 'internship'],
    ['Software Engineering Internship', 'internship'],
    ['Co-op, Data Science', 'internship'],
    ['Backend Developer (Contract)', 'contract'],
    ['Designer - Contract', 'contract'],
    ['Freelance Copywriter', 'contract'],
    ['Part-time Barista', 'part-time'],
    ['Werkstudent Marketing (m/w/d)', 'part-time'],
    ['Temporary Warehouse Associate', 'temporary'],
  ] as const)('%j → %s', (title, expected) => {
    expect(classifyJobType(null, title)).toBe(expected);
  });

  it.each([['Contract Manager'], ['Internal Auditor'], ['International Sales Lead'], ['Software Engineer']])(
    '%j names the work, not the arrangement → null',
    (title) => {
      expect(classifyJobType(undefined, title)).toBeNull();
    },
  );

  it('the explicit field wins over the title', () => {
    expect(classifyJobType('Full-time', 'Seasonal Freelance Designer')).toBe('full-time');
    expect(classifyJobType('Contract', 'Full Time Designer')).toBe('contract');
    // But hours are no type of their own for an intern: a full-time intern is an internship.
    expect(classifyJobType('Full-time', 'Summer Intern')).toBe('internship');
  });

  it('an unrecognised field still lets the title decide', () => {
    expect(classifyJobType('Other', 'Summer 2025 Intern')).toBe('internship');
  });
});

describe('classifyJobType reads codes and localized labels (issue 11)', () => {
  it.each([
    ['F', 'full-time'],
    ['P', 'part-time'],
    ['FT', 'full-time'],
    ['PT', 'part-time'],
    ['ft', 'full-time'],
    ['FTE', 'full-time'],
    ['FT/PT', 'full-time'],
    ['C', 'contract'],
    ['Full Time Employee', 'full-time'],
    ['Exempt', 'full-time'],
    ['Full-time - Exempt', 'full-time'],
    ['Part-time, non-exempt', 'part-time'],
    ['Indefinite', 'full-time'],
    ['Pełny etat', 'full-time'],
    ['Część etatu', 'part-time'],
    ['Umowa o pracę', 'full-time'],
    ['B2B', 'contract'],
    ['Umowa zlecenie', 'contract'],
    ['Vollzeit', 'full-time'],
    ['Teilzeit', 'part-time'],
    ['Festanstellung', 'full-time'],
    ['Temps plein', 'full-time'],
    ['Temps partiel', 'part-time'],
    ['CDD', 'temporary'],
    ['Alternance', 'internship'],
    ['Tiempo completo', 'full-time'],
    ['Jornada completa', 'full-time'],
    ['Medio tiempo', 'part-time'],
    ['Tempo pieno', 'full-time'],
    ['Voltijd', 'full-time'],
    ['Deeltijd', 'part-time'],
    ['Tempo integral', 'full-time'],
    ['Heltid', 'full-time'],
    ['Deltid', 'part-time'],
    ['Plný úvazek', 'full-time'],
  ] as const)('%j → %s', (text, expected) => {
    expect(classifyJobType(text)).toBe(expected);
  });

  it.each([['Non-exempt'], ['X'], ['constructor'], ['Volunteer']])(
    '%j names no arrangement → null',
    (text) => {
      expect(classifyJobType(text)).toBeNull();
    },
  );

  it('a code only counts as the whole field: "F" inside a longer value is not full-time', () => {
    expect(classifyJobType('Grade F')).toBeNull();
  });
});

describe('classifyJobType from title segments and the description (issue 11)', () => {
  it.each([
    ['LLM Teacher - Contract - Remote', 'contract'],
    ['Senior Python Software Engineer (Contract, Poland)', 'contract'],
    ['Full-Stack Engineer (Contractor)', 'contract'],
    ['Data Analyst 1, full-time contract worker for up to 12 months', 'contract'],
    ['2024 Quantitative Research Development Summer Analyst', 'internship'],
    ['Associate, Construction Delay (Summer 2026)', 'internship'],
    ['Software Engineer (New Grad Summer 2026)', null],
  ] as const)('%j → %s', (title, expected) => {
    expect(classifyJobType(null, title)).toBe(expected);
  });

  it('a contract title over a full-time or part-time field is a contract; an internship field stays', () => {
    expect(classifyJobType('Full-time', 'Data Quality Analyst (Contract)')).toBe('contract');
    expect(classifyJobType('Part-time', 'Psychiatrist (Part-Time) - Contract')).toBe('contract');
    expect(classifyJobType('Internship', 'Research Intern (Contract)')).toBe('internship');
  });

  // Real titles whose contract segment carried a term or a tax form (stop 23, ../shared/data).
  it.each([
    'Collaborating Physician (1099 Contract) – Virtual Women’s Health',
    'Producer - Technical (12 month contract)',
    'Graphic Designer (6 Months Contract)',
    'Admin - Communication Planning and Strategy (1 year contract)',
    'Digital Designer (contract based)',
    'JAVA DEVELOPER - LONDON - CONTRACT OUTSIDE IR35 - FINTECH',
    'Data Engineer 5 - Contract (Remote)',
    'Remote Part-Time Nurse Practitioner (1099)',
  ])('%j is a contract', (title) => {
    expect(classifyJobType(null, title)).toBe('contract');
  });

  it.each(['Contract Specialist', 'Senior Contract Analyst', 'Sourcing Manager, Contract Manufacturing'])(
    '%j names the work, not the arrangement',
    (title) => {
      expect(classifyJobType(null, title)).toBeNull();
    },
  );

  it.each([
    ['This is a full-time, exempt role.', 'full-time'],
    ['Work Hours/Shift:\nFull Time\n3rd Shift', 'full-time'],
    ['This is a contract, remote position that is part of the team.', 'contract'],
    ['Job Type: Part-time', 'part-time'],
  ] as const)('a description stating %j → %s', (description, expected) => {
    expect(classifyJobType(null, 'Data Analyst', description)).toBe(expected);
  });

  it('a description that only mentions arrangements states none, and a stated field wins over it', () => {
    expect(classifyJobType(null, 'Data Analyst', 'We hire full-time and part-time staff.')).toBeNull();
    expect(classifyJobType('Part-time', 'Data Analyst', 'This is a full-time role.')).toBe('part-time');
  });
});
