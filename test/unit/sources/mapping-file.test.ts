import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { normalizePosting } from '../../../src/ingest/normalize/index.ts';
import { createGenericSource } from '../../../src/ingest/sources/generic.source.ts';
import { parseMapping, readMappingFile } from '../../../src/ingest/sources/mapping-file.ts';

const work = mkdtempSync(join(tmpdir(), 'mapping-file-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An HR export as a user would get it: codes, a yes/no column, blanks. */
const csv = [
  'Req,Job Title,Type,Remote?,Pay From,Pay To,Per,Currency,Posted',
  'R-1,Payroll Clerk,F,N,40000,52000,year,,2026-10-01',
  'R-2,Warehouse Associate,P,yes,18,21,hour,CAD,2026-10-02',
  'R-3,Data Analyst,Vollzeit,no,,,,,2026-10-03',
].join('\n');

const mapping = {
  name: 'hr-export',
  fields: {
    externalId: 'Req',
    title: 'Job Title',
    employmentType: { from: 'Type', values: { F: 'full-time', P: 'part-time' } },
    remoteFlag: 'Remote?',
    salaryMin: 'Pay From',
    salaryMax: 'Pay To',
    salaryPeriod: 'Per',
    salaryCurrency: { from: 'Currency', default: 'USD' },
    country: { value: 'US' },
    companyName: { value: 'Acme Logistics' },
    postedAt: 'Posted',
  },
};

function importCsv(json: unknown) {
  const source = createGenericSource({ mapping: parseMapping(json, 'test.json'), format: 'csv' });
  const { postings, rejected } = source.parse(csv, 'hr-export');
  expect(rejected).toEqual([]);
  return postings.map((p) => {
    const r = normalizePosting(p, { now: new Date('2026-11-01T00:00:00Z') });
    if (!r.ok) throw new Error(r.reason);
    return r.job;
  });
}

describe('generic import mapping files (issue 11 item 7)', () => {
  it('apply value maps, defaults for empty cells, constants and yes/no columns', () => {
    const [clerk, associate, analyst] = importCsv(mapping);
    expect(clerk).toMatchObject({
      externalId: 'R-1',
      companyName: 'Acme Logistics',
      jobType: 'full-time',
      // A "no" remote flag says the job is not remote, not where it is: unknown (remote-type.ts).
      remoteType: 'unknown',
      countryCode: 'US',
      salaryCurrency: 'USD',
      salaryMinUsd: 40_000,
    });
    // The column's own currency wins over the default.
    expect(associate).toMatchObject({ jobType: 'part-time', remoteType: 'remote', salaryCurrency: 'CAD' });
    // A value the map does not list passes through to the classifier ("Vollzeit").
    expect(analyst).toMatchObject({ jobType: 'full-time', salaryMin: null });
  });

  it('matches a value map exactly, else ignoring case and surrounding spaces', () => {
    const m = parseMapping(
      {
        title: 'T',
        employmentType: { from: 'E', values: { F: 'full-time', 'Part Time': 'part-time', f: 'contract' } },
      },
      'x',
    );
    const rule = m.fields.employmentType as unknown as { transform: (v: unknown) => unknown };
    expect(rule.transform('F')).toBe('full-time');
    expect(rule.transform('f')).toBe('contract');
    expect(rule.transform(' PART TIME ')).toBe('part-time');
    expect(rule.transform('Z')).toBe('Z');
  });

  it('still reads the short form (the fields object alone)', () => {
    const m = parseMapping({ title: 'Job Title', externalId: 'Req' }, 'short.json');
    expect(m).toMatchObject({ name: 'short.json', fields: { title: 'Job Title', externalId: 'Req' } });
  });

  it('refuses an unknown field, an unknown key of a field or of the file, naming it', () => {
    expect(() => parseMapping({ title: 'T', titel: 'T' }, 'a.json')).toThrow(
      /mapping file a\.json: titel: unknown field "titel" \(the fields: externalId, title/,
    );
    expect(() =>
      parseMapping({ fields: { title: 'T', employmentType: { from: 'E', valuez: {} } } }, 'b.json'),
    ).toThrow(/b\.json: fields\.employmentType: .*valuez/);
    expect(() => parseMapping({ fields: { title: 'T' }, defaultCurency: 'USD' }, 'c.json')).toThrow(
      /c\.json: .*defaultCurency/,
    );
    expect(() => parseMapping({ fields: { companyName: 'C' } }, 'd.json')).toThrow(/no "title" field/);
    expect(() => parseMapping({ fields: { title: 'T', externalId: { value: 'x' } } }, 'e.json')).toThrow(
      /externalId: cannot be a constant/,
    );
    expect(() => parseMapping({ fields: { title: 'T' }, defaultCurrency: 'dollars' }, 'f.json')).toThrow(
      /defaultCurrency: an ISO 4217 code/,
    );
  });

  it('reads a file, with a clear error for a file that is not JSON', () => {
    const good = join(work, 'good.json');
    writeFileSync(good, JSON.stringify({ ...mapping, defaultCurrency: 'usd', missing: ['', 'n/a'] }));
    expect(readMappingFile(good)).toMatchObject({
      name: 'hr-export',
      defaultCurrency: 'USD',
      missing: ['', 'n/a'],
    });
    const bad = join(work, 'bad.json');
    writeFileSync(bad, '{ "title": ');
    expect(() => readMappingFile(bad)).toThrow(/mapping file .*bad\.json: /);
  });

  it('rejects a row whose yes/no column says something else, naming the value', () => {
    const source = createGenericSource({
      mapping: parseMapping({ title: 'T', remoteFlag: 'R' }, 'x'),
      format: 'csv',
    });
    const { postings, rejected } = source.parse('T,R\nA,maybe\nB,Y\n', 'x');
    expect(postings.map((p) => [p.title, p.remoteFlag])).toEqual([['B', true]]);
    expect(rejected[0]!.reason).toContain(
      'remoteFlag: expected a boolean (true/false, yes/no, 1/0), got "maybe"',
    );
  });
});
