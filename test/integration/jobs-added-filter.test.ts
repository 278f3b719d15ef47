import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * jobsAdded(filter) over server-sent events: a subscriber hears only the new jobs its
 * search would return (searchJobs' rules), nothing of a batch without a match, and a
 * bad filter is refused before the stream opens.
 */
let services: Services;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  services = await createTestServices();
  app = await createApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

const SUBSCRIPTION = 'subscription ($f: JobFilter) { jobsAdded(filter: $f) { id title remoteType } }';

/** Opens the stream and collects each event's job titles until closed. */
async function listen(filter: unknown) {
  const abort = new AbortController();
  const url = `${base}/graphql?query=${encodeURIComponent(SUBSCRIPTION)}&variables=${encodeURIComponent(JSON.stringify({ f: filter }))}`;
  const res = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: abort.signal });
  const events: string[][] = [];
  const errors: unknown[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const done = (async () => {
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5))
            .join('');
          if (!data.trim()) continue;
          const body = JSON.parse(data) as { data?: { jobsAdded: { title: string }[] }; errors?: unknown[] };
          if (body.errors) errors.push(...body.errors);
          if (body.data) events.push(body.data.jobsAdded.map((j) => j.title));
        }
      }
    } catch {
      // Aborted.
    }
  })();
  return {
    events,
    errors,
    close: async () => {
      abort.abort();
      await done;
    },
  };
}

const posting = (externalId: string, title: string, locationText: string) => ({
  source: 'greenhouse' as const,
  board: 'sse-filter',
  externalId,
  title,
  companyName: 'Harbor Lights',
  descriptionHtml: `<p>${title}, ${locationText}.</p>`,
  locationText,
  postedAt: '2026-11-20T09:00:00Z',
  payload: { id: externalId },
});

describe(`jobsAdded(filter) (${TEST_DB})`, () => {
  it('pushes only the new jobs the same search would return', async () => {
    const ferry = await listen({ query: 'ferryman' });
    const remote = await listen({ remoteTypes: ['REMOTE'] });
    const all = await listen(null);
    const nothing = await listen({ query: 'zeppelin' });
    const streams = [ferry, remote, all, nothing];
    // Until every stream has heard a probe that matches all four filters, the server may
    // not have subscribed yet (no wall clock: probe until each one answers).
    let probe = 0;
    await expect
      .poll(
        async () => {
          if (streams.some((s) => s.events.length === 0))
            await runIngest(services, {
              platform: 'greenhouse',
              board: 'sse-probe',
              complete: false,
              postings: [
                { ...posting(`p-${++probe}`, 'Ferryman Zeppelin Probe', 'Remote'), board: 'sse-probe' },
              ],
            });
          return streams.every((s) => s.events.length > 0);
        },
        { timeout: 60_000, interval: 300 },
      )
      .toBe(true);
    // A probe still on its way may arrive later: the checks below leave probes out.
    const heard = (s: { events: string[][] }) => s.events.flat().filter((t) => !t.includes('Probe'));
    await runIngest(services, {
      platform: 'greenhouse',
      board: 'sse-filter',
      complete: true,
      postings: [
        posting('f-1', 'Night Ferryman', 'Hamburg, Germany'),
        posting('d-1', 'Dock Painter', 'Remote'),
        posting('f-2', 'Ferryman Trainee', 'Remote'),
      ],
    });
    await expect.poll(() => heard(all).length, { timeout: 30_000 }).toBe(3);
    await expect
      .poll(() => heard(ferry).sort(), { timeout: 30_000 })
      .toEqual(['Ferryman Trainee', 'Night Ferryman']);
    await expect
      .poll(() => heard(remote).sort(), { timeout: 30_000 })
      .toEqual(['Dock Painter', 'Ferryman Trainee']);
    // A batch with no match sends that subscriber nothing at all (only probe events).
    expect(heard(nothing)).toEqual([]);
    expect(nothing.events.every((e) => e.every((t) => t.includes('Probe')))).toBe(true);
    for (const s of streams) {
      expect(s.errors).toEqual([]);
      await s.close();
    }
  });

  it('refuses a bad filter with a catalogue error instead of a silent stream', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: SUBSCRIPTION, variables: { f: { postedWithinDays: -5 } } },
      headers: { accept: 'text/event-stream' },
    });
    expect(res.body).toContain('invalid_parameter');
  });
});
