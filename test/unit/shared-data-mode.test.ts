import { describe, expect, it } from 'vitest';
import { sharedDataMode } from '../helpers/shared-data.ts';

describe('suites over ../shared/data', () => {
  it('run where the data is, skip without it, and fail without it under CI=true', () => {
    expect(sharedDataMode(true, undefined)).toBe('run');
    expect(sharedDataMode(true, 'true')).toBe('run');
    expect(sharedDataMode(false, undefined)).toBe('skip');
    expect(sharedDataMode(false, 'false')).toBe('skip');
    expect(sharedDataMode(false, 'true')).toBe('fail');
  });
});
