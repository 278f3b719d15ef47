import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import pLimit from 'p-limit';
import type { AtsPlatform } from '../domain/enums.ts';
import type { HttpClient } from './fetch/fetch-with-retry.ts';
import { ingestParsed } from './ingest-parsed.ts';
import { BOARD_CONCURRENCY } from './run-boards.ts';
import type { IngestDeps, IngestSummary } from './pipeline.ts';
import { findDataset } from './sources/datasets.ts';
import { createGenericSource } from './sources/generic.source.ts';
import type { GenericMapping } from './sources/generic-mapping.ts';
import { readMappingFile } from './sources/mapping-file.ts';
import { glassdoorCsvMapping, simplifyJsonMapping } from './sources/generic-mappings.ts';
import { isBoardPlatform, type SourceRegistry } from './sources/registry.ts';
import type { SourceAdapter } from './sources/source.ts';

/** Mappings a generic import can name on the command line. */
export const NAMED_MAPPINGS: Record<string, GenericMapping> = {
  simplify: simplifyJsonMapping,
  glassdoor: glassdoorCsvMapping,
};

export interface ImportRequest {
  /** A file, a directory of files, or an http(s) URL of one feed page. */
  target: string;
  platform: AtsPlatform;
  /** Board name; defaults to each file's name (or the URL's last path segment). */
  board?: string;
  organizationId?: string | null;
  /**
   * For `generic`: a named mapping (simplify, glassdoor), a known dataset's reader
   * (e.g. greenhouse-feashliaa, linkedin-ca-2018, hn-whoishiring), or a JSON file
   * mapping RawPosting fields to columns.
   */
  mapping?: string;
  /** The target is the board's whole listing: postings missing from it are closed. */
  full?: boolean;
}

export interface ImportDeps extends IngestDeps {
  registry: SourceRegistry;
  http: HttpClient;
}

const FEED_EXTENSIONS = new Set(['.json', '.csv', '.xml']);

function loadMapping(name: string | undefined): GenericMapping {
  if (!name) throw new Error('a generic import needs --mapping (simplify, glassdoor, or a JSON file)');
  const named = NAMED_MAPPINGS[name];
  if (named) return named;
  return readMappingFile(name);
}

type Parse = Pick<SourceAdapter, 'parse'>;

function parserFor(deps: ImportDeps, request: ImportRequest): Parse {
  if (isBoardPlatform(request.platform)) return deps.registry[request.platform];
  if (request.platform !== 'generic') throw new Error(`cannot import platform ${request.platform}`);
  const dataset = request.mapping ? findDataset(request.mapping) : undefined;
  if (dataset) return { parse: (body, board) => dataset.parse(body, board) };
  return createGenericSource({ mapping: loadMapping(request.mapping) });
}

/** One body to import: its board, and how to get it (read when its turn comes). */
interface Target {
  board: string;
  load: () => Promise<{ body: string; url?: string }>;
}

/** The bodies to import, with the board each belongs to. A URL that cannot be fetched fails the import. */
async function targetsOf(deps: ImportDeps, request: ImportRequest): Promise<Target[]> {
  if (/^https?:\/\//.test(request.target)) {
    const url = new URL(request.target);
    const result = await deps.http.get(url.toString());
    if (result.status !== 'ok') throw new Error(`${url}: ${result.status}`);
    const board = request.board ?? url.pathname.split('/').filter(Boolean).at(-1) ?? url.host;
    return [{ board, load: async () => ({ body: result.body, url: url.toString() }) }];
  }
  const files = statSync(request.target).isDirectory()
    ? readdirSync(request.target)
        .filter((f) => FEED_EXTENSIONS.has(extname(f)))
        .sort()
        .map((f) => join(request.target, f))
    : [request.target];
  return files.map((file) => ({
    board: request.board ?? basename(file, extname(file)),
    load: async () => ({ body: await readFile(file, 'utf8') }),
  }));
}

/**
 * `jobs ingest`: parse files or a URL with a platform's adapter and run the pipeline
 * once per board, the files of a directory a few at a time (BOARD_CONCURRENCY; write
 * locks keep copies across them merged). Results come back in file order. A body that
 * cannot be read or parsed at all is reported for that board and the others go on.
 */
export async function importTarget(
  deps: ImportDeps,
  request: ImportRequest,
  onBoard?: (board: string) => { onProgress?: (done: number, total: number) => void },
): Promise<{ board: string; summary?: IngestSummary; error?: string }[]> {
  const parser = parserFor(deps, request);
  const limit = pLimit(BOARD_CONCURRENCY);
  return Promise.all(
    (await targetsOf(deps, request)).map(({ board, load }) =>
      limit(async () => {
        try {
          const { body, url } = await load();
          const parsed = parser.parse(body, board, { url });
          const summary = await ingestParsed(deps, parsed, {
            complete: Boolean(request.full) && !parsed.next,
            organizationId: request.organizationId,
            onProgress: onBoard?.(board).onProgress,
          });
          return { board, summary };
        } catch (error) {
          return { board, error: (error as Error).message };
        }
      }),
    ),
  );
}
