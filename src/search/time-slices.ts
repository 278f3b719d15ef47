import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long synchronous work cut into slices that give the event loop a turn between them:
 * at a million jobs, making the index's bitmaps and orders took 4–5 s in one piece, during
 * which the SQL path that serves meanwhile answered nothing. `slice()` is called between
 * units of work and yields once `budgetMs` have passed since the last turn.
 */
export class TimeSlices {
  private last = performance.now();
  private readonly budgetMs: number;

  constructor(budgetMs = 20) {
    this.budgetMs = budgetMs;
  }

  async slice(): Promise<void> {
    if (performance.now() - this.last < this.budgetMs) return;
    await nextTurn();
    this.last = performance.now();
  }

  /** A turn now, whatever the time spent (before a step that cannot be cut). */
  async turn(): Promise<void> {
    await nextTurn();
    this.last = performance.now();
  }
}
