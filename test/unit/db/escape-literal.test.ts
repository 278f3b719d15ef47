/**
 * createOrm's SQL literal escape (db/escape-literal.ts) against MikroORM's own: the same
 * text for every string, so that no statement the ORM inlines reads differently.
 */
import { PostgreSqlPlatform } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { escapeLiteral } from '../../../src/db/escape-literal.ts';

// The library keeps it private: read as what it is, a method of every platform.
const platform = new PostgreSqlPlatform() as unknown as { escapeLiteral(s: string): string };
const library = (s: string) => platform.escapeLiteral(s);

describe('escapeLiteral', () => {
  it.each([
    '',
    'plain',
    "O'Reilly",
    "''",
    'C:\\path\\to',
    "it's a \\ mix",
    '\\',
    "\\'",
    'Zürich – 東京 🚀',
    '{"a":"b\\"c"}',
    'line\nbreak\ttab\u0000nul',
  ])('%j as the library writes it', (s) => {
    expect(escapeLiteral(s)).toBe(library(s));
  });

  it('matches on random strings of quotes, backslashes and letters', () => {
    const alphabet = ["'", '\\', 'a', ' ', 'é', '"', 'E'];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let n = 0; n < 2_000; n++) {
      const s = Array.from({ length: next() % 12 }, () => alphabet[next() % alphabet.length]).join('');
      expect(escapeLiteral(s), JSON.stringify(s)).toBe(library(s));
    }
  });

  it('is what the ORM uses', async () => {
    const { createOrm, closeOrm } = await import('../../../src/db/orm.ts');
    const orm = await createOrm({ kind: 'pglite', dir: 'memory://escape-literal' });
    try {
      expect((orm.em.getPlatform() as unknown as { escapeLiteral: unknown }).escapeLiteral).toBe(
        escapeLiteral,
      );
      const [row] = await orm.em.execute<{ s: string }[]>('select ?::text as s', ["it's \\ here"]);
      expect(row!.s).toBe("it's \\ here");
    } finally {
      await closeOrm(orm);
    }
  });
});
