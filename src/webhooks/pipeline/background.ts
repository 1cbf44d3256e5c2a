/**
 * Work that outlives the answer of a delivery (handlers after an early 202, store calls retried,
 * `onError` calls): counted in `handler.pending` and awaited by `handler.drain()`.
 *
 * Internal: not exported from the package; it may change in any release.
 *
 * @module
 */

/** The background work of one webhook handler. */
export interface Background {
  /** Keeps `work` counted until it settles; its rejection is swallowed (it was reported). */
  track(work: Promise<unknown>): void;
  /** Resolves once nothing is left, work started by work included. */
  drain(): Promise<void>;
  /** How many pieces of work are unfinished. */
  readonly size: number;
}

/** A fresh, empty {@link Background}. */
export function createBackground(): Background {
  const running = new Set<Promise<unknown>>();
  return {
    track(work) {
      const tracked = work.then(
        () => {},
        () => {},
      );
      running.add(tracked);
      void tracked.then(() => running.delete(tracked));
    },
    async drain() {
      while (running.size > 0) await Promise.all(running);
    },
    get size() {
      return running.size;
    },
  };
}
