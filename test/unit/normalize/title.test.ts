import { describe, expect, it } from 'vitest';
import { foldText } from '../../../src/domain/text.ts';
import { cleanTitle, normalizeTitle } from '../../../src/ingest/normalize/title.ts';

describe('foldText', () => {
  it.each([
    ['Café', 'cafe'],
    ['Zürich', 'zurich'],
    ['Straße', 'strasse'],
    ['Łódź', 'lodz'],
    ['Malmö', 'malmo'],
    ['ÆRØ', 'aero'],
    ['ＡＢＣ', 'abc'], // NFKD folds full-width letters
  ])('%j → %j', (input, expected) => {
    expect(foldText(input)).toBe(expected);
  });

  it('folds ASCII (its fast path) as the full rule does, and text mixing ASCII with other letters', () => {
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    const full = (s: string) =>
      s
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]+/g, '')
        .normalize('NFC')
        .toLowerCase();
    expect(foldText(ascii)).toBe(full(ascii));
    expect(foldText(`${ascii}é`)).toBe(`${full(ascii)}e`);
    expect(foldText('Senior ENGINEER, Zürich')).toBe('senior engineer, zurich');
  });
});

describe('cleanTitle', () => {
  it.each([
    ['  Data   Analyst  ', 'Data Analyst'],
    ['Senior Engineer - ', 'Senior Engineer'],
    ['| Product Designer |', 'Product Designer'],
    ['R&amp;D Engineer', 'R&D Engineer'],
    ['Product Manager (Remote', 'Product Manager'],
    ['Backend\u00a0Engineer\n', 'Backend Engineer'],
    ['C++ Developer', 'C++ Developer'],
  ])('%j → %j', (input, expected) => {
    expect(cleanTitle(input)).toBe(expected);
  });

  it('returns "" for non-strings', () => {
    expect(cleanTitle(12)).toBe('');
  });
});

describe('normalizeTitle', () => {
  it.each([
    ['DevOps Engineer (m/w/d)', 'devops engineer'],
    ['Software Engineer (f/m/x)', 'software engineer'],
    ['Entwickler m/w/d', 'entwickler'],
    ['Engineer (all genders)', 'engineer'],
    ['Software Engineer Intern - Summer 2025', 'software engineer intern'],
    ['Summer 2025 – Software Engineering Intern', 'software engineering intern'],
    ['Backend Engineer (Remote)', 'backend engineer'],
    ['Sr. Software Engineer', 'senior software engineer'],
    ['Jr Developer', 'junior developer'],
    ['C++ / C# Developer', 'c++ c# developer'],
    ['Développeur Back-End', 'developpeur back end'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeTitle(input)).toBe(expected);
  });

  it('keeps seniority: senior and junior openings stay different', () => {
    expect(normalizeTitle('Senior Engineer')).not.toBe(normalizeTitle('Junior Engineer'));
    expect(normalizeTitle('Sr. Engineer')).toBe(normalizeTitle('Senior Engineer'));
  });

  it('makes copies of one posting equal', () => {
    const keys = new Set(
      ['Data Engineer (m/w/d)', 'Data Engineer', 'DATA ENGINEER - Remote', 'Data-Engineer'].map(
        normalizeTitle,
      ),
    );
    expect(keys).toEqual(new Set(['data engineer']));
  });
});
