import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/domain/errors.ts';
import { parsePointText, resolveNear, type NearInput } from '../../../src/domain/near-filter.ts';

const locate = (text: string) =>
  text.toLowerCase() === 'berlin' ? { latitude: 52.52437, longitude: 13.41053, name: 'Berlin, DE' } : null;
const field = (name: string) => `near.${name}`;
const resolve = (input: NearInput) => resolveNear(input, locate, field);

function failure(input: NearInput): { code: string; field?: string; message: string } {
  try {
    resolve(input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const e = error as DomainError;
    return { code: e.code, field: e.details[0]?.field, message: e.message };
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

describe('near filter input', () => {
  it('resolves a place name, keeping it, with 50 km by default', () => {
    expect(resolve({ place: ' Berlin ' })).toEqual({
      latitude: 52.52437,
      longitude: 13.41053,
      radiusKm: 50,
      place: 'Berlin',
    });
  });

  it('takes coordinates, as numbers or "lat,lon" text', () => {
    expect(resolve({ latitude: -33.9, longitude: 151.2, radiusKm: 10 })).toEqual({
      latitude: -33.9,
      longitude: 151.2,
      radiusKm: 10,
    });
    expect(resolve({ place: '52.52, 13.405', radiusKm: 1000 })).toEqual({
      latitude: 52.52,
      longitude: 13.405,
      radiusKm: 1000,
    });
    expect(parsePointText('-90,-180')).toEqual({ latitude: -90, longitude: -180 });
    expect(parsePointText('Berlin, DE')).toBeNull();
  });

  it.each<[NearInput, string, RegExp]>([
    [{ place: 'Atlantis' }, 'near.place', /no known place/],
    [{ place: '   ' }, 'near.place', /must name a place/],
    [{}, 'near.place', /must name a place/],
    [{ place: 'Berlin', latitude: 1, longitude: 1 }, 'near.place', /not both/],
    [{ latitude: 1 }, 'near.longitude', /go together/],
    [{ longitude: 1 }, 'near.latitude', /go together/],
    [{ latitude: 90.5, longitude: 0 }, 'near.latitude', /between -90 and 90/],
    [{ latitude: 0, longitude: -181 }, 'near.longitude', /between -180 and 180/],
    [{ latitude: Number.NaN, longitude: 0 }, 'near.latitude', /between/],
    [{ place: '91,0' }, 'near.place', /between -90 and 90/],
    [{ place: 'Berlin', radiusKm: 0 }, 'near.radiusKm', /between 0.1 and 1000/],
    [{ place: 'Berlin', radiusKm: 1000.5 }, 'near.radiusKm', /between 0.1 and 1000/],
    [{ place: 'Berlin', radiusKm: Number.POSITIVE_INFINITY }, 'near.radiusKm', /between/],
    [{ place: 'x'.repeat(201) }, 'near.place', /at most 200/],
  ])('refuses %j with invalid_parameter on %s', (input, at, message) => {
    const f = failure(input);
    expect(f).toMatchObject({ code: 'invalid_parameter', field: at });
    expect(f.message).toMatch(message);
  });
});
