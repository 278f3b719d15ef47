/**
 * A subscription's deliveries as the async iterator yoga reads: a producer pushes, the one
 * consumer takes, and a value pushed while nobody waits is kept until it is taken (the
 * producer's `push` resolves then, so a stream reads its next page only after its last
 * frame was taken).
 *
 * It replaces graphql-yoga's Repeater for the live event fields: in the push bench (1,000
 * streams, a page each every 300 ms) the Repeater's push and next were 0.5 s of the
 * gateway's own CPU — its buffers, overflow checks and stop promises per value — for a
 * queue that never holds more than a frame or two. What the fields need of it is this
 * file: values in order, the producer stopped when the consumer returns (a client gone),
 * and the producer's failure reported to the consumer.
 */
export function deliveryChannel<T>(
  produce: (push: (value: T) => Promise<void>, stopped: AbortSignal) => Promise<void>,
): AsyncIterableIterator<T> {
  const queue: { value: T; taken: () => void }[] = [];
  let waiting: { resolve: (step: IteratorResult<T>) => void; reject: (error: unknown) => void } | null = null;
  let ended = false;
  let failure: { error: unknown } | null = null;
  const stop = new AbortController();
  /** The producer returned with values still queued: the channel ends when they are taken. */
  let ending = false;

  const end = (error?: { error: unknown }) => {
    if (ended) return;
    ended = true;
    stop.abort();
    // Values nobody will take: their producer's pushes resolve, it is stopping anyway.
    for (const q of queue.splice(0)) q.taken();
    const w = waiting;
    waiting = null;
    if (!w) {
      failure = error ?? null;
      return;
    }
    if (error) w.reject(error.error);
    else w.resolve({ done: true, value: undefined });
  };

  const push = (value: T): Promise<void> => {
    if (ended) return Promise.resolve();
    if (waiting) {
      const w = waiting;
      waiting = null;
      w.resolve({ done: false, value });
      return Promise.resolve();
    }
    return new Promise((taken) => queue.push({ value, taken }));
  };

  // The producer ends the channel when it returns; its error is the consumer's next rejection.
  void produce(push, stop.signal).then(
    () => {
      // What it pushed and was not taken yet is still delivered before the end.
      if (queue.length === 0) end();
      else ending = true;
    },
    (error: unknown) => end({ error }),
  );

  const iterator: AsyncIterableIterator<T> = {
    next(): Promise<IteratorResult<T>> {
      const first = queue.shift();
      if (first) {
        first.taken();
        if (ending && queue.length === 0) end();
        return Promise.resolve({ done: false, value: first.value });
      }
      if (failure) {
        const { error } = failure;
        failure = null;
        return Promise.reject(error);
      }
      if (ended) return Promise.resolve({ done: true, value: undefined });
      return new Promise((resolve, reject) => (waiting = { resolve, reject }));
    },
    return(): Promise<IteratorResult<T>> {
      end();
      return Promise.resolve({ done: true, value: undefined });
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
