import { describe, expect, it } from 'vitest';
import { canonicalSkill, SKILLS } from '../../../src/domain/skills.ts';
import { extractSkills } from '../../../src/ingest/normalize/skills.ts';

describe('skills dictionary', () => {
  it('has ~150 skills with unique canonical names', () => {
    expect(SKILLS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(SKILLS.map((s) => s.name)).size).toBe(SKILLS.length);
  });

  it.each([
    ['js', 'JavaScript'],
    ['ECMAScript', 'JavaScript'],
    ['k8s', 'Kubernetes'],
    ['postgres', 'PostgreSQL'],
    ['psql', 'PostgreSQL'],
    ['nodejs', 'Node.js'],
    ['golang', 'Go'],
    ['go', 'Go'],
    ['c++', 'C++'],
    ['csharp', 'C#'],
    ['sfdc', 'Salesforce'],
    ['unknown-thing', null],
  ])('canonicalSkill(%j) = %s', (input, expected) => {
    expect(canonicalSkill(input)).toBe(expected);
  });
});

describe('extractSkills', () => {
  it.each([
    [
      'aliases resolve to canonical names',
      'Engineer',
      'We run k8s on AWS with postgres and nodejs.',
      ['Kubernetes', 'AWS', 'PostgreSQL', 'Node.js'],
    ],
    [
      'ordered by first occurrence, title first, deduped',
      'Python Developer',
      'SQL, Python, SQL again, Python.',
      ['Python', 'SQL'],
    ],
    ['Java is not found in JavaScript', 'Dev', 'Strong JavaScript skills.', ['JavaScript']],
    [
      'SQL is not found in PostgreSQL or NoSQL',
      'Dev',
      'PostgreSQL and NoSQL stores.',
      ['PostgreSQL', 'NoSQL'],
    ],
    ['plain "ts" is not TypeScript', 'Dev', 'We ship ts files and TypeScript.', ['TypeScript']],
    [
      'longest overlapping match wins',
      'Dev',
      'React Native and ASP.NET Core apps.',
      ['React Native', '.NET'],
    ],
    ['C++ and C# keep their symbols', 'Dev', 'C++ or C# experience.', ['C++', 'C#']],
    ['Go in a tech list', 'Backend Engineer', 'Python, Go, and Rust services.', ['Python', 'Go', 'Rust']],
    ['in Go', 'Backend Engineer', 'You will write services in Go.', ['Go']],
    ['golang', 'Engineer', 'golang microservices', ['Go', 'Microservices']],
    [
      'English go is not Go',
      'Engineer',
      "Let's go. Go-to-market. Go ahead and apply. We go to customers.",
      [],
    ],
    [
      'R only in clear context',
      'Data Analyst',
      'R, SQL and Python. Our R&D team. Mr R. Smith',
      ['R', 'SQL', 'Python'],
    ],
    ['react the verb is not React', 'Support', 'You react quickly to incidents.', []],
    [
      'Excel the verb is not Excel',
      'Analyst',
      'You excel at work. Excel in a team. Advanced Excel skills.',
      ['Excel'],
    ],
    ['capital word at sentence start is not a skill', 'Dev', 'Swift delivery matters. Spark joy.', []],
    [
      'non-engineering skills',
      'Sales Rep',
      'Salesforce and HubSpot daily; Figma mockups; Microsoft Excel.',
      ['Salesforce', 'HubSpot', 'Figma', 'Excel'],
    ],
  ])('%s', (_name, title, text, expected) => {
    expect(extractSkills(title, text)).toEqual(expected);
  });

  it('adds feed tags after the text, as canonical names', () => {
    expect(
      extractSkills('Frontend Developer', 'We use React.', ['react', 'typescript', 'go', 'made-up']),
    ).toEqual(['React', 'TypeScript', 'Go']);
  });

  it('tolerates missing and garbage input', () => {
    expect(extractSkills(null, undefined, null)).toEqual([]);
    expect(extractSkills('', '', [1, null, {}] as unknown[])).toEqual([]);
  });
});
