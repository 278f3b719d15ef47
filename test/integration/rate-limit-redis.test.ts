import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { redisUnavailable, startRedis } from '../helpers/redis-server.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

// The limiter does not touch the database; one pass (PGlite) is enough.
const skip = TEST_DB !== 'pglite' ? 'runs in the pglite pass only' : redisUnavailable();

describe.skipIf(Boolean(skip))(`rate limits shared through Redis ${skip ? `(skipped: ${skip})` : ''}`, () => {
  it('two gateways spend one budget per client', async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const gateway = async () => {
      const services: Services = await createTestServices({}, { RATE_LIMIT_MAX: '3', REDIS_URL: redis.url });
      const app: FastifyInstance = await createApp(services);
      cleanups.push(
        () => services.close(),
        () => app.close(),
      );
      return () => app.inject({ method: 'POST', url: '/search/jobs', payload: {} });
    };
    const [a, b] = [await gateway(), await gateway()];
    expect((await a()).statusCode).toBe(200);
    expect((await a()).statusCode).toBe(200);
    expect((await b()).statusCode).toBe(200);
    const limited = await b();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps serving when Redis goes away (fails open)', async () => {
    const redis = await startRedis();
    const services = await createTestServices({}, { RATE_LIMIT_MAX: '100', REDIS_URL: redis.url });
    const app = await createApp(services);
    cleanups.push(
      () => services.close(),
      () => app.close(),
    );
    expect((await app.inject({ method: 'POST', url: '/search/jobs', payload: {} })).statusCode).toBe(200);
    redis.stop();
    await new Promise((r) => setTimeout(r, 200));
    expect((await app.inject({ method: 'POST', url: '/search/jobs', payload: {} })).statusCode).toBe(200);
  });
});
