import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('metrics configuration', () => {
  it('serves /metrics by default, openly', () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: true, token: null });
  });

  it('turns /metrics off, or guards it with a token of 16 characters or more', () => {
    expect(loadConfig({ METRICS_ENABLED: 'false' }).metrics.enabled).toBe(false);
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metrics.token).toBe('x'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_ENABLED: 'maybe' })).toThrow(/METRICS_ENABLED/);
  });
});
