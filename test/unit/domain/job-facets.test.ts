import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/domain/errors.ts';
import { FACET_NAMES, orderFacet, parseFacetNames, SALARY_BANDS } from '../../../src/domain/job-facets.ts';

describe('facet names', () => {
  it('are all for true, none for false or absent, deduplicated in definition order', () => {
    expect(parseFacetNames(true, 'facets')).toEqual([...FACET_NAMES]);
    expect(parseFacetNames(false, 'facets')).toEqual([]);
    expect(parseFacetNames(undefined, 'facets')).toEqual([]);
    expect(parseFacetNames(['skill', 'city', 'skill'], 'facets')).toEqual(['city', 'skill']);
  });

  it('refuse an unknown name with invalid_parameter naming the field', () => {
    let error: unknown;
    try {
      parseFacetNames(['city', 'colour'], 'facets');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'invalid_parameter', details: [{ field: 'facets' }] });
    expect((error as Error).message).toMatch(/colour/);
  });
});

describe('facet order', () => {
  it('is count desc, then value in code-point order (upper case before lower, accents last)', () => {
    const counts = [
      { value: 'zurich', count: 2 },
      { value: 'Ängelholm', count: 2 },
      { value: 'berlin', count: 5 },
      { value: 'Berlin', count: 2 },
      { value: 'austin', count: 2 },
    ];
    expect(orderFacet('city', counts).map((c) => c.value)).toEqual([
      'berlin',
      'Berlin',
      'austin',
      'zurich',
      'Ängelholm',
    ]);
  });

  it('keeps salary bands in band order whatever their counts', () => {
    const bands = SALARY_BANDS.map((b, i) => ({ value: b.value, count: i + 1 })).reverse();
    expect(orderFacet('salary', bands).map((b) => b.value)).toEqual(SALARY_BANDS.map((b) => b.value));
  });

  it('has bands that meet without gaps, from 0 up, the last open-ended', () => {
    SALARY_BANDS.forEach((b, i) => {
      if (i === 0) expect(b.min).toBe(0);
      else expect(b.min).toBe(SALARY_BANDS[i - 1]!.max);
    });
    expect(SALARY_BANDS.at(-1)!.max).toBeNull();
  });
});
