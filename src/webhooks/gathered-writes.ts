/**
 * Write-backs gathered into one statement: what is recorded while a write runs (or in the
 * same turn of the event loop) goes in the next one. A gateway sending 16 webhooks at once
 * wrote each success back alone: 2,072 statements, each a transaction on the primary, for
 * 2,072 deliveries in the push bench (pg_stat_statements). Each caller's promise settles
 * with its batch's write, so an attempt still holds its slot until it is recorded.
 */
export interface GatheredWrites<T> {
  record(item: T): Promise<void>;
}

/**
 * `write` writes a batch; `dropped()` true: batches are settled unwritten (a killed
 * gateway writes nothing back; the leases run out and another gateway sends again).
 */
export function gatheredWrites<T>(
  write: (items: T[]) => Promise<void>,
  dropped: () => boolean = () => false,
): GatheredWrites<T> {
  let waiting: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let flushing: Promise<void> | null = null;

  const flush = async () => {
    // The attempts that end in this turn join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      if (dropped()) {
        for (const w of batch) w.resolve();
        continue;
      }
      try {
        await write(batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    flushing = null;
  };

  return {
    record: (item) =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        flushing ??= flush();
      }),
  };
}
