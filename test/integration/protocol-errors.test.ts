import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Requests Node's HTTP parser or Fastify's router reject before any route runs get the
 * one error shape too. Sent over a raw socket: app.inject does not go through the
 * parser. HTTP-level, so one database is enough (PGlite).
 */
describe.skipIf(TEST_DB !== 'pglite')('errors before the routes', () => {
  let services: Services;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    services = await createTestServices({}, { REQUEST_TIMEOUT_MS: '1500' });
    app = await createApp(services);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  /** Writes `parts` (with pauses between them) and reads the whole response. */
  function raw(parts: string[], pauseMs = 0): Promise<{ status: number; body: string; raw: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
        resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4), raw: data });
      });
      socket.setTimeout(60_000, () => reject(new Error(`no answer; got ${data}`)));
      void (async () => {
        for (const part of parts) {
          if (socket.destroyed) return;
          socket.write(part);
          if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
        }
        // Ask for the connection to end after the response where the request was whole.
        if (!pauseMs) socket.end();
      })();
    });
  }

  const errorOf = (body: string) =>
    (JSON.parse(body) as { success: boolean; error: { code: string } }).error.code;

  it('a URL that does not decode: 400 bad_request', async () => {
    const res = await raw(['GET /% HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toBe('bad_request');
  });

  it('conflicting Content-Length and Transfer-Encoding: 400 bad_request', async () => {
    const res = await raw([
      'POST /search/jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    ]);
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toBe('bad_request');
  });

  it('headers over the size limit: 431 headers_too_large', async () => {
    const res = await raw([`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expect(res.status).toBe(431);
    expect(errorOf(res.body)).toBe('headers_too_large');
  });

  it('a body sent a byte at a time is cut off: 408 request_timeout', async () => {
    const head =
      'POST /search/jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n';
    // 400 bytes at one every 100 ms would take 40 s; the limit here is 1.5 s.
    const res = await raw([head, ...Array.from({ length: 400 }, () => ' ')], 100);
    expect(res.status).toBe(408);
    expect(errorOf(res.body)).toBe('request_timeout');
  });

  it('a wrong content type is 415 in the same shape, on the REST routes', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/search/jobs',
      headers: { 'content-type': 'text/plain' },
      payload: 'q=engineer',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });
});
