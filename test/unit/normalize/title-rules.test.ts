/**
 * Title cleaning and the dedup key on the forms real titles take (issue 11 item 9:
 * pinned where mutation testing found the rules unchecked). The key must make copies of
 * one opening equal: a copy often lacks the gender marker, the workplace tag, the season
 * or the requisition id, and spells seniority its own way.
 */
import { describe, expect, it } from 'vitest';
import { cleanTitle, normalizeTitle } from '../../../src/ingest/normalize/title.ts';

describe('cleanTitle', () => {
  it.each([
    ['• Engineer', 'Engineer'],
    ['* Engineer', 'Engineer'],
    ['· Data Analyst', 'Data Analyst'],
    [': Data Analyst ;', 'Data Analyst'],
    ['/ Engineer /', 'Engineer'],
    ['Engineer —', 'Engineer'],
    ['Engineer (', 'Engineer'],
    ['-- Data Analyst --', 'Data Analyst'],
    ['|| Engineer ||', 'Engineer'],
    ['Product Manager(Remote', 'Product Manager'],
    ['Engineer (Remote - U', 'Engineer'],
    ['Engineer\u0000Backend', 'Engineer Backend'],
    ['Nurse\u007fPractitioner', 'Nurse Practitioner'],
    ['Engineer (m/w/d)', 'Engineer (m/w/d)'],
  ])('%j → %j', (title, expected) => {
    expect(cleanTitle(title)).toBe(expected);
  });

  it('a separator before a truncated tag is dangling too', () => {
    // Truncated feeds cut a tag off after its separator; the display title keeps neither.
    expect(cleanTitle('Senior Data Scientist - (Remote')).toBe('Senior Data Scientist');
    expect(cleanTitle('Backend Engineer | (Hybrid, 3 days')).toBe('Backend Engineer');
    expect(cleanTitle('Werkstudent Marketing, (m/w/')).toBe('Werkstudent Marketing');
    expect(cleanTitle('Senior Data Scientist (Remote) -')).toBe('Senior Data Scientist (Remote)');
  });
});

describe('normalizeTitle: gender markers of German-, French- and Spanish-language ads', () => {
  it.each([
    'Softwareentwickler (w/m/d)',
    'Softwareentwickler (m/w/div)',
    'Softwareentwickler (m/w/divers)',
    'Softwareentwickler (gn)',
    'Softwareentwickler (*)',
    'Softwareentwickler (d)',
    'Softwareentwickler (alle Geschlechter)',
    'Softwareentwickler (all gender)',
    'Softwareentwickler (m|w|d)',
    'Softwareentwickler (m, w, d)',
    'Softwareentwickler ( m / w / d )',
    'Softwareentwickler m/w/d',
    'Softwareentwickler m/w',
    'Softwareentwickler (H/F)',
  ])('%j is the same opening as "Softwareentwickler"', (title) => {
    expect(normalizeTitle(title)).toBe('softwareentwickler');
  });

  it('a marker glued to the words around it still separates them', () => {
    // Feeds drop the space before a marker ("Growth Alliance(m/f/d)"), sometimes after it too.
    expect(normalizeTitle('Senior Data Engineer, Growth Alliance(m/f/d)')).toBe(
      'senior data engineer growth alliance',
    );
    expect(normalizeTitle('Werkstudent(m/w/d)Marketing')).toBe(
      normalizeTitle('Werkstudent (m/w/d) Marketing'),
    );
    expect(normalizeTitle('Werkstudent(m/w/d)Marketing')).toBe('werkstudent marketing');
  });

  it('a letter pair inside a word is no marker', () => {
    expect(normalizeTitle('TCP/IP Engineer')).toBe('tcp ip engineer');
    expect(normalizeTitle('Heating m/w/dx')).not.toBe('heating');
  });
});

describe('normalizeTitle: seasons, years, requisition ids and workplace tags', () => {
  it.each([
    ["Software Engineering Intern, Fall '25", 'software engineering intern'],
    ['Software Engineering Intern - Spring of 2026', 'software engineering intern'],
    ['Software Engineering Intern (Winter 2026)', 'software engineering intern'],
    ['Software Engineering Intern Summer25', 'software engineering intern'],
    ['Autumn 2026 Software Engineering Intern', 'software engineering intern'],
    ['2026 Summer Software Engineering Intern', 'software engineering intern'],
    ['Software Engineering Intern 2027', 'software engineering intern'],
    ['Backend Engineer (R-10423)', 'backend engineer'],
    ['Backend Engineer (JR123456)', 'backend engineer'],
    ['Backend Engineer Req #5512', 'backend engineer'],
    ['Backend Engineer R_12345', 'backend engineer'],
    ['Backend Engineer (Remote - US)', 'backend engineer'],
    ['Backend Engineer (Hybrid)', 'backend engineer'],
    ['Backend Engineer (On-site)', 'backend engineer'],
    ['Backend Engineer (Onsite)', 'backend engineer'],
    ['Backend Engineer (In-Office)', 'backend engineer'],
    ['Backend Engineer (in office, 3 days)', 'backend engineer'],
    ['Backend Engineer - Fully Remote', 'backend engineer'],
    ['Backend Engineer, Hybrid', 'backend engineer'],
    ['Backend Engineer | Onsite', 'backend engineer'],
    ['Backend Engineer – Remote', 'backend engineer'],
  ])('%j → %j', (title, expected) => {
    expect(normalizeTitle(title)).toBe(expected);
  });

  it('a workplace tag glued to the words around it still separates them', () => {
    expect(normalizeTitle('Backend Engineer(Remote)Berlin')).toBe('backend engineer berlin');
    expect(normalizeTitle('Backend Engineer(Remote)Berlin')).toBe(
      normalizeTitle('Backend Engineer (Remote) Berlin'),
    );
  });

  it('a product version or a remote-first role is part of the title', () => {
    expect(normalizeTitle('Windows Server 2019 Administrator')).toBe('windows server 2019 administrator');
    expect(normalizeTitle('Remote Sensing Scientist')).toBe('remote sensing scientist');
    expect(normalizeTitle('Summer Camp Counselor')).toBe('summer camp counselor');
    expect(normalizeTitle('R2 Support Engineer')).toBe('r2 support engineer');
  });
});

describe('normalizeTitle: seniority spelled one way, symbols as words', () => {
  it.each([
    ['SR. ENGINEER', 'senior engineer'],
    ['Sr Engineer', 'senior engineer'],
    ['Jr. Engineer', 'junior engineer'],
    ['JR Engineer', 'junior engineer'],
    ['R&D Engineer', 'r and d engineer'],
    ['Engineer (m/w/d) - Remote', 'engineer'],
    ['Senior  .NET / C# Developer', 'senior net c# developer'],
    ['Site Reliability Engineer (SRE)', 'site reliability engineer sre'],
    ['Engineer -- Backend // Payments', 'engineer backend payments'],
  ])('%j → %j', (title, expected) => {
    expect(normalizeTitle(title)).toBe(expected);
  });

  it('letters of every script are words of the key', () => {
    // Two openings at one company: a key without the Japanese words made them one job.
    expect(normalizeTitle('Account Executive, 製薬')).not.toBe(normalizeTitle('Account Executive, 広告'));
    expect(normalizeTitle('キー・ビジネスディベロッパー（日本）')).toBe('キー ビジネスディベロッパー 日本');
    expect(normalizeTitle('アブストラクター(契約社員)')).not.toBe(
      normalizeTitle('キー・ビジネスディベロッパー（日本）'),
    );
    expect(normalizeTitle('Machine Learning Engineer (머신러닝 엔지니어)')).toBe(
      'machine learning engineer 머신러닝 엔지니어',
    );
    expect(normalizeTitle('Разработчик Python')).toBe('разработчик python');
  });

  it('a title that is only a tag has an empty key, as does a non-string', () => {
    expect(normalizeTitle('   ')).toBe('');
    expect(normalizeTitle(null)).toBe('');
  });
});
