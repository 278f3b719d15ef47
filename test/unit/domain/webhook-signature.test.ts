import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../../src/domain/webhook-retry.ts';
import { generateWebhookSecret, signatureHeader } from '../../../src/domain/webhook-signature.ts';

/** Signatures checked by an independent implementation of Standard Webhooks (the npm package). */
describe('webhook signatures', () => {
  it('makes secrets of the whsec_ form with at least 24 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it('signs so that the standardwebhooks package verifies, with either secret during an overlap', () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const body = JSON.stringify({
      type: 'saved_search.jobs',
      data: { added: [{ id: 'x', title: 'Ünïcode' }] },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader([current, previous], 'msg_1', timestamp, body),
    };
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(`${body} `, headers)).toThrow();
  });
});

describe('webhook retry delays', () => {
  const policy = { baseMs: 5000, maxMs: 3_600_000 };
  it('doubles per attempt with jitter in the upper half, capped', () => {
    expect(retryDelayMs(1, policy, () => 0)).toBe(2500);
    expect(retryDelayMs(1, policy, () => 1)).toBe(5000);
    expect(retryDelayMs(3, policy, () => 1)).toBe(20_000);
    expect(retryDelayMs(30, policy, () => 1)).toBe(3_600_000);
    expect(retryDelayMs(30, policy, () => 0)).toBe(1_800_000);
  });
});
