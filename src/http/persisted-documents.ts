import { readFile } from 'node:fs/promises';
import { normalizeHash, type PersistedDocuments } from '../graphql/trusted-documents.ts';

/** Written by `npm run codegen` beside the page's typed documents; committed. */
export const PERSISTED_DOCUMENTS_FILE = new URL('../web/gql/persisted-documents.json', import.meta.url);

/** The page's persisted operations, by hash: the trusted documents /graphql accepts by hash. */
export async function loadPersistedDocuments(
  file: URL = PERSISTED_DOCUMENTS_FILE,
): Promise<PersistedDocuments> {
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(manifest).map(([hash, document]) => [normalizeHash(hash), document]));
}
