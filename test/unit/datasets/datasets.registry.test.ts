import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boardFromFileName,
  DATASETS,
  findDataset,
  listDatasetFiles,
} from '../../../src/ingest/sources/datasets.ts';
import { readDatasetFixture } from './support.ts';

describe('dataset registry', () => {
  let root = '';

  beforeAll(() => {
    // A miniature copy of the shared data layout, with invented content.
    root = mkdtempSync(join(tmpdir(), 'datasets-'));
    const put = (path: string, body: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), body);
    };
    const board = (id: number) => JSON.stringify({ jobs: [{ id, title: 'Welder' }], meta: { total: 1 } });
    put('greenhouse-techjobshub/data/acme.json', board(1));
    put('greenhouse-techjobshub/data/notes.txt', 'not a board');
    put('greenhouse-techjobshub/data_full/bolt.json', board(2));
    put('ashby-stapply/companies/cytora.com.json', JSON.stringify({ apiVersion: '1', jobs: [] }));
    put('greenhouse-feashliaa/all_jobs.subset.json', readDatasetFixture('greenhouse-feashliaa.json'));
    put('linkedin-ca-2018/DataAnalyst.csv', readDatasetFixture('linkedin-ca.csv'));
    put('hn-whoishiring/runs/2030-03-01/raw.json', readDatasetFixture('hn-whoishiring.raw.json'));
    put('hn-whoishiring/runs/2030-03-01/classified.json', '{}');
    put('hn-whoishiring/README.md', '# not data');
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('describes every shared dataset folder once', () => {
    expect(DATASETS.map((d) => d.name)).toEqual([
      'greenhouse-techjobshub',
      'ashby-stapply',
      'greenhouse-feashliaa',
      'simplify-summer2025',
      'simplify-newgrad',
      'glassdoor-ds-salary',
      'linkedin-ca-2018',
      'hn-whoishiring',
    ]);
    expect(findDataset('ashby-stapply')?.files).toEqual(['companies/*.json']);
  });

  it('lists only the files the patterns match, skipping missing folders', () => {
    const files = listDatasetFiles(root);
    expect(files.map((f) => [f.dataset.name, f.relativePath])).toEqual([
      ['greenhouse-techjobshub', 'data/acme.json'],
      ['greenhouse-techjobshub', 'data_full/bolt.json'],
      ['ashby-stapply', 'companies/cytora.com.json'],
      ['greenhouse-feashliaa', 'all_jobs.subset.json'],
      ['linkedin-ca-2018', 'DataAnalyst.csv'],
      ['hn-whoishiring', 'runs/2030-03-01/raw.json'],
    ]);
    expect(files[0]?.file).toBe(join(root, 'greenhouse-techjobshub', 'data', 'acme.json'));
    expect(listDatasetFiles(join(root, 'missing'))).toEqual([]);
  });

  it('binds each file to its parser, with the board taken from the file name', () => {
    const files = listDatasetFiles(root);
    const acme = files.find((f) => f.relativePath === 'data/acme.json');
    expect(acme?.parse(JSON.stringify({ jobs: [{ id: 5, title: 'Welder' }] })).postings[0]).toMatchObject({
      source: 'greenhouse',
      board: 'acme',
      externalId: '5',
    });
    const hn = files.find((f) => f.dataset.name === 'hn-whoishiring');
    expect(hn?.parse(readDatasetFixture('hn-whoishiring.raw.json')).postings[0]?.board).toBe(
      'hn-whoishiring',
    );
    const linkedin = files.find((f) => f.dataset.name === 'linkedin-ca-2018');
    expect(linkedin?.parse(readDatasetFixture('linkedin-ca.csv')).postings[0]?.board).toBe('DataAnalyst.csv');
  });

  it('imports simplify rows including inactive ones, as closed postings', () => {
    const simplify = findDataset('simplify-newgrad');
    const body = JSON.stringify([
      { id: 'a', company_name: 'Acme', title: 'New Grad SWE', locations: ['Reno, NV'], active: false },
      { id: 'b', company_name: 'Acme', title: 'New Grad PM', locations: [], active: true },
    ]);
    const result = simplify?.parse(body, 'listings.json');
    expect(result?.postings.map((p) => [p.externalId, p.board, p.closed])).toEqual([
      ['a', 'simplify-newgrad', true],
      ['b', 'simplify-newgrad', false],
    ]);
  });

  it('derives boards from file names', () => {
    expect(boardFromFileName('data_full/twilio.json')).toBe('twilio');
    expect(boardFromFileName('companies/cytora.com.json')).toBe('cytora.com');
  });
});
