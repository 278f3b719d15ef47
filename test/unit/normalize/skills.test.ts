import { describe, expect, it } from 'vitest';
import { canonicalSkill, SKILLS } from '../../../src/domain/skills.ts';
import { generateDemoPostings } from '../../../src/demo/generate.ts';
import { extractSkills, trieSource } from '../../../src/ingest/normalize/skills.ts';

describe('skills dictionary', () => {
  it('has ~150 skills with unique canonical names', () => {
    expect(SKILLS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(SKILLS.map((s) => s.name)).size).toBe(SKILLS.length);
  });

  it('has no empty spelling (the extractor relies on no pattern matching the empty string)', () => {
    for (const def of SKILLS)
      for (const form of [def.name, ...(def.i ?? []), ...(def.cs ?? [])]) expect(form.trim()).not.toBe('');
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

describe('the dictionary regex shaped as a trie', () => {
  // The definition: every alias in one flat alternation, longest first, each with its boundaries.
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const flatSource = (aliases: string[]) =>
    [...aliases]
      .sort((a, b) => b.length - a.length)
      .map((alias) => {
        const before = alias.startsWith('.') ? '(?<!\\.)' : '';
        const after = alias.endsWith('++')
          ? '(?![A-Za-z_+#])'
          : /[+#]$/.test(alias)
            ? '(?![A-Za-z0-9_+#])'
            : '(?![A-Za-z0-9_]|\\.[A-Za-z0-9])';
        return `${before}${escape(alias).replace(/ /g, '[\\s-]+')}${after}`;
      })
      .join('|');
  const matches = (source: string, flags: string, text: string) =>
    [...text.matchAll(new RegExp(`(?<![A-Za-z0-9_])(?:${source})`, flags))].map((m) => `${m.index}:${m[0]}`);

  it('finds what the flat alternation finds, for random dictionaries and texts', () => {
    let seed = 5;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = (chars: string, n: number) =>
      Array.from({ length: n }, () => chars[Math.floor(next() * chars.length)]).join('');
    for (let round = 0; round < 300; round++) {
      const aliases = [
        ...new Set(
          Array.from(
            { length: 1 + Math.floor(next() * 12) },
            () => (next() < 0.1 ? '.' : '') + pick('abc ab+#.-', 1 + Math.floor(next() * 5)).trim(),
          ).filter((a) => a !== '' && a !== '.'),
        ),
      ];
      const text = pick('abc ab+#.- \nxA', 200);
      for (const flags of ['g', 'gi'])
        expect(matches(trieSource(aliases), flags, text)).toEqual(matches(flatSource(aliases), flags, text));
    }
  });

  it.each([
    [['c++', 'c#', 'c'], 'c++17 c++x c++ c#1 c#x c# c+ c'],
    [['.net', 'asp.net', 'a..b', 'node.js'], 'x.net .net asp.net a..b a.b node.js node.jsx'],
    [['machine learning', 'ml'], 'machine  learning machine-learning ml mlx'],
  ])('finds what the flat alternation finds for %j', (aliases, text) => {
    for (const flags of ['g', 'gi'])
      expect(matches(trieSource(aliases), flags, text)).toEqual(matches(flatSource(aliases), flags, text));
  });

  it('finds what the flat alternation finds for the real dictionary on demo descriptions', () => {
    const aliases = [
      ...new Set(SKILLS.flatMap((d) => d.i ?? (d.cs ? [] : [d.name])).map((f) => f.toLowerCase())),
    ];
    const trie = trieSource(aliases);
    const flat = flatSource(aliases);
    for (const p of generateDemoPostings({ count: 300, now: '2026-11-22T12:00:00Z' })) {
      const text = String(p.descriptionHtml ?? '');
      expect(matches(trie, 'gi', text)).toEqual(matches(flat, 'gi', text));
    }
  });
});

describe('"GCP" in a clinical posting is Good Clinical Practice (issue 11)', () => {
  const hematology =
    'Principal Scientist, Hematology. Conduct studies under GCP and GLP. Experience with clinical trials and informed consent.';

  it('is not Google Cloud in a clinical posting', () => {
    expect(extractSkills('Principal Scientist, Hematology', hematology)).not.toContain('GCP');
    expect(extractSkills('Clinical Research Associate', 'Knowledge of ICH-GCP guidelines.')).not.toContain(
      'GCP',
    );
  });

  it('stays Google Cloud where the posting names the cloud or a software stack', () => {
    expect(extractSkills('Data Engineer', `${hematology} We run on Google Cloud (GCP).`)).toContain('GCP');
    expect(extractSkills('Engineer', `${hematology} Stack: React, TypeScript, GCP.`)).toContain('GCP');
    expect(extractSkills('Platform Engineer', 'We deploy to GCP with Terraform.')).toContain('GCP');
  });
});
