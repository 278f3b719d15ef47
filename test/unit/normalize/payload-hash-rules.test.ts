/**
 * stableStringify and payloadHash on what feed payloads hold (issue 11 item 9: pinned
 * where mutation testing found the rules unchecked). Equal data must hash equal whatever
 * the key order, and no payload may make the hash throw.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { payloadHash, stableStringify } from '../../../src/ingest/normalize/payload-hash.ts';

describe('stableStringify', () => {
  it('sorts keys at every level', () => {
    expect(stableStringify({ b: 1, a: { d: [true, 'x'], c: null } })).toBe(
      '{"a":{"c":null,"d":[true,"x"]},"b":1}',
    );
  });

  it('keeps what JSON holds and names what it cannot', () => {
    expect(stableStringify([Number.NaN, Number.POSITIVE_INFINITY, 2.5, 7n])).toBe(
      '["NaN","Infinity",2.5,"7n"]',
    );
    expect(stableStringify([undefined, () => 1, Symbol('s')])).toBe('[null,null,null]');
    expect(stableStringify({ a: undefined, f: () => 1, s: Symbol('s'), n: null })).toBe('{"n":null}');
    expect(stableStringify(undefined)).toBe('null');
    expect(stableStringify('text')).toBe('"text"');
  });

  it('writes dates as ISO text, an invalid one by name', () => {
    expect(stableStringify({ at: new Date('2026-02-20T09:00:00Z'), bad: new Date('x') })).toBe(
      '{"at":"2026-02-20T09:00:00.000Z","bad":"Invalid Date"}',
    );
  });

  it('an object met twice without a cycle is written twice; a cycle is named', () => {
    const shared = { id: 1 };
    expect(stableStringify({ a: shared, b: [shared] })).toBe('{"a":{"id":1},"b":[{"id":1}]}');
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(stableStringify(cyclic)).toBe('["[circular]"]');
  });

  it('a getter that throws is named, not thrown', () => {
    const payload = {
      id: 1,
      get broken(): unknown {
        throw new Error('no');
      },
    };
    expect(stableStringify(payload)).toBe('{"broken":"[getter threw]","id":1}');
  });

  it('nesting deeper than 200 levels is cut there', () => {
    const nest = (levels: number): unknown => {
      let v: unknown = 'leaf';
      for (let i = 0; i < levels; i++) v = [v];
      return v;
    };
    const depthOf = (json: string) => json.indexOf('"');
    // 200 arrays: the leaf sits at depth 200 and is kept.
    expect(stableStringify(nest(200))).toBe(`${'['.repeat(200)}"leaf"${']'.repeat(200)}`);
    expect(depthOf(stableStringify(nest(201)))).toBe(201);
    expect(stableStringify(nest(201))).toContain('"[depth]"');
    expect(() => stableStringify(nest(10_000))).not.toThrow();
  });

  it('objects nested deeper than 200 levels are cut there too', () => {
    let v: unknown = 'leaf';
    for (let i = 0; i < 201; i++) v = { child: v };
    const json = stableStringify(v);
    expect(json).toContain('"[depth]"');
    expect(json).not.toContain('leaf');
    let deep: unknown = 'leaf';
    for (let i = 0; i < 10_000; i++) deep = { child: deep };
    expect(() => stableStringify(deep)).not.toThrow();
  });
});

describe('payloadHash', () => {
  it('is the sha256 hex of the stable JSON', () => {
    const expected = createHash('sha256').update('{"a":1,"b":2}').digest('hex');
    expect(payloadHash({ b: 2, a: 1 })).toBe(expected);
  });
});
