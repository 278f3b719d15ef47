import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Reads `test/fixtures/datasets/<name>` as text. */
export function readDatasetFixture(name: string): string {
  return readFileSync(fileURLToPath(new URL(`../../fixtures/datasets/${name}`, import.meta.url)), 'utf8');
}
