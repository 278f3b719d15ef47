import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../../../src/webhooks/post-webhook.ts';

/**
 * The check at delivery time (README "Webhooks"): the connection itself refuses an address
 * configuration does not allow, whatever the URL was when it was registered — a name that
 * now resolves to loopback (DNS rebinding) or a literal. A real receiver on loopback shows
 * nothing arrives.
 */
let server: http.Server;
let port: number;
let hits = 0;
const options = (allow: 'none' | 'loopback') => ({
  timeoutMs: 20_000,
  allow,
  signal: new AbortController().signal,
});

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
});

describe('webhook POST', () => {
  it('refuses to connect to a name resolving to loopback when loopback is not allowed', async () => {
    const outcome = await postWebhook(`http://localhost:${port}/hook`, {}, '{}', options('none'));
    expect(outcome).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/loopback/) });
    expect(hits).toBe(0);
  });

  it('refuses a loopback literal, and mapped IPv6 forms of it', async () => {
    for (const url of [`http://127.0.0.1:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`]) {
      const outcome = await postWebhook(url, {}, '{}', options('none'));
      expect(outcome, url).toMatchObject({ ok: false, error: expect.stringMatching(/refused: loopback/) });
    }
    expect(hits).toBe(0);
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const outcome = await postWebhook(`http://localhost:${port}/hook`, {}, '{}', options('loopback'));
    expect(outcome).toEqual({ ok: false, status: 302, error: 'HTTP 302' });
    expect(hits).toBe(1);
  });
});
