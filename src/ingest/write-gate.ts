import pLimit, { type LimitFunction } from 'p-limit';
import type { Orm } from '../db/orm.ts';

const gates = new WeakMap<Orm, LimitFunction>();

/**
 * One writer at a time per database, in this process. Boards are normalized
 * concurrently (CPU) while one of them writes (database), but deciding whether a
 * posting is a copy of a stored job and storing it happen inside this gate, so a
 * copy arriving on another board in flight always sees the job it duplicates and is
 * merged instead of stored twice. Separate processes still rely on upserts (README).
 */
export function writeGate(orm: Orm): LimitFunction {
  let gate = gates.get(orm);
  if (!gate) gates.set(orm, (gate = pLimit(1)));
  return gate;
}
