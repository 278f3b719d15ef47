import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Reads `test/fixtures/ats/<platform>/<name>` as text. */
export function readFixture(platform: string, name: string): string {
  const url = new URL(`../../../fixtures/ats/${platform}/${name}`, import.meta.url);
  return readFileSync(fileURLToPath(url), 'utf8');
}
