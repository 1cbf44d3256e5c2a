/** Work that outlives a delivery's answer, behind `handler.pending` and `handler.drain()`. @module */

export interface Background {
  /** Swallows `work`'s rejection: it was reported already. */
  track(work: Promise<unknown>): void;
  /** Also waits for work started by work. */
  drain(): Promise<void>;
  readonly size: number;
}

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
