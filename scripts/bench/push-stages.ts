/**
 * Where an SSE job's time goes between its event's commit and its arrival (README "Push
 * delivery", stop 44). The gateway's outbox head reads (its feed's looks, and new
 * subscribers' starts) and the shared reader's page reads are time-stamped as they end, in
 * wall-clock milliseconds like the commit times; each delivered job's event is then
 * followed through them: commit → the first head read that saw it → the start of the first
 * page read that held it → that read's end → the frame's arrival at the client. The last
 * stage holds the page's index, the 1,000 streams' matching, the jobs' loads, the
 * executions, the frames and the clients' parsing.
 */
import { compareEventPositions, type EventPosition } from '../../src/domain/event-id.ts';
import { percentile } from './format.ts';

interface PageRead {
  started: number;
  ended: number;
  first: EventPosition;
  last: EventPosition;
}

/** A delivered job: when it arrived, and its event (EventPosition, commit ms). */
export interface Arrival {
  at: number;
  position: EventPosition;
  committed: number;
}

export interface Spread {
  p50: number;
  p99: number;
}

export interface StageFigures {
  seen: Spread;
  toPage: Spread;
  read: Spread;
  toArrival: Spread;
  /** Arrivals followed through every stage (the rest: an event no recorded read held). */
  followed: number;
  arrivals: number;
}

type Method = (...args: unknown[]) => Promise<unknown>;

/** Wraps `target[name]`, calling `after` with the call's start, end and result. */
function observe(target: object, name: string, after: (started: number, result: unknown) => void): void {
  const obj = target as Record<string, unknown>;
  const original = obj[name];
  if (typeof original !== 'function') return;
  obj[name] = async (...args: unknown[]) => {
    const started = Date.now();
    const result = await (original as Method).apply(target, args);
    after(started, result);
    return result;
  };
}

const at = (xid: string, seq: string): EventPosition => ({ xid: BigInt(xid), seq: BigInt(seq) });

export class StageLog {
  private readonly heads: { at: number; last: EventPosition }[] = [];
  private readonly pages: PageRead[] = [];

  /** Records `events.head` (JobEventRepository) and `pages.eventImages` (the shared reader's SearchIndexRepository). */
  watch(events: object, pages: object | undefined): void {
    observe(events, 'head', (_, result) => {
      const last = (result as { last: EventPosition | null }).last;
      if (last) this.heads.push({ at: Date.now(), last });
    });
    if (pages)
      observe(pages, 'eventImages', (started, result) => {
        const list = (result as { events: { xid: string; seq: string }[] }).events;
        if (list.length === 0) return;
        const first = list[0]!;
        const last = list.at(-1)!;
        this.pages.push({
          started,
          ended: Date.now(),
          first: at(first.xid, first.seq),
          last: at(last.xid, last.seq),
        });
      });
  }

  /** The stages' p50 / p99 over every arrival whose event a recorded head and page read held. */
  figures(arrivals: Arrival[]): StageFigures | null {
    const heads = [...this.heads].sort((a, b) => a.at - b.at);
    const pages = [...this.pages].sort((a, b) => a.started - b.started);
    const stages = {
      seen: [] as number[],
      toPage: [] as number[],
      read: [] as number[],
      toArrival: [] as number[],
    };
    const byEvent = new Map<string, { seenAt: number; page: PageRead } | null>();
    for (const arrival of arrivals) {
      const key = `${arrival.position.xid}:${arrival.position.seq}`;
      let found = byEvent.get(key);
      if (found === undefined) {
        const head = heads.find((h) => compareEventPositions(h.last, arrival.position) >= 0);
        const page = pages.find(
          (p) =>
            compareEventPositions(p.first, arrival.position) <= 0 &&
            compareEventPositions(arrival.position, p.last) <= 0,
        );
        found = head && page ? { seenAt: head.at, page } : null;
        byEvent.set(key, found);
      }
      if (!found) continue;
      stages.seen.push(found.seenAt - arrival.committed);
      stages.toPage.push(found.page.started - found.seenAt);
      stages.read.push(found.page.ended - found.page.started);
      stages.toArrival.push(arrival.at - found.page.ended);
    }
    if (stages.seen.length === 0) return null;
    const spread = (list: number[]): Spread => {
      list.sort((a, b) => a - b);
      return { p50: percentile(list, 50), p99: percentile(list, 99) };
    };
    return {
      seen: spread(stages.seen),
      toPage: spread(stages.toPage),
      read: spread(stages.read),
      toArrival: spread(stages.toArrival),
      followed: stages.seen.length,
      arrivals: arrivals.length,
    };
  }
}
