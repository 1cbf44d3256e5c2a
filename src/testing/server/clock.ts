/** The reference server's clock. @module */
import { MAX_CLOCK_MS } from './control-inputs.ts';

interface Task {
  at: number;
  seq: number;
  run: () => void | Promise<void>;
}

/** What `createReferenceServer({ now })` accepts as the starting time. */
export type ClockStart = Date | number | (() => number);

/**
 * The reference server's time (`created_at`, idempotency window, webhook retries): a test moves it
 * with {@link Clock.advance}, the one thing that runs scheduled tasks, so tests are deterministic.
 */
export class Clock {
  #base: () => number;
  #offset = 0;
  #tasks: Task[] = [];
  #seq = 0;
  readonly #beforeMove = new Set<() => Promise<void>>();

  /** @param start - a `Date` or epoch ms, a function read on every call, or omitted: real time. */
  constructor(start?: ClockStart) {
    if (start === undefined) this.#base = Date.now;
    else if (typeof start === 'function') this.#base = start;
    else {
      const fixed = start instanceof Date ? start.getTime() : start;
      if (!(fixed >= 0 && fixed <= MAX_CLOCK_MS)) {
        throw new TypeError('now must be a valid Date or epoch ms');
      }
      this.#base = () => fixed;
    }
  }

  /** The current time in epoch milliseconds. */
  now(): number {
    return this.#base() + this.#offset;
  }

  /** The current time as a `Date`. */
  date(): Date {
    return new Date(this.now());
  }

  /** Runs `run` when an {@link advance} reaches `at` (epoch ms); returns what cancels it. */
  schedule(at: number, run: () => void | Promise<void>): () => void {
    const task: Task = { at, seq: this.#seq++, run };
    this.#tasks.push(task);
    return () => {
      const i = this.#tasks.indexOf(task);
      if (i >= 0) this.#tasks.splice(i, 1);
    };
  }

  /**
   * Runs `settle` (awaited) before every move of the clock and between the tasks a move runs, so
   * work in flight (a webhook attempt) ends at the time it started. Returns what removes it.
   */
  beforeMove(settle: () => Promise<void>): () => void {
    this.#beforeMove.add(settle);
    return () => {
      this.#beforeMove.delete(settle);
    };
  }

  async #settle(): Promise<void> {
    for (const settle of [...this.#beforeMove]) await settle();
  }

  /** How many scheduled tasks have not run yet. */
  get pending(): number {
    return this.#tasks.length;
  }

  /**
   * Moves time forward by `ms`, running the tasks due at each instant together, instant after
   * instant; what is in flight settles first (see {@link beforeMove}).
   */
  async advance(ms: number): Promise<void> {
    if (!Number.isFinite(ms) || ms < 0) {
      throw new RangeError('advance(ms) takes a finite number of milliseconds >= 0');
    }
    const target = this.now() + ms;
    // Past it the timestamps the server writes leave RFC 3339's 4-digit years.
    if (target > MAX_CLOCK_MS) {
      throw new RangeError(
        `advance(ms): the clock would pass ${new Date(MAX_CLOCK_MS).toISOString()}, the latest instant it reaches`,
      );
    }
    await this.#advanceTo(target);
  }

  /** To `target` (epoch ms), read once: a clock on real time lands on it, not past it. */
  async #advanceTo(target: number): Promise<void> {
    for (;;) {
      await this.#settle();
      const next = this.#nextDue(target);
      if (!next) break;
      // Tasks due at one instant run together, as deliveries due at once would.
      const due = this.#tasks.filter((t) => t.at === next.at).sort((a, b) => a.seq - b.seq);
      this.#tasks = this.#tasks.filter((t) => t.at !== next.at);
      this.#offset += Math.max(0, next.at - this.now());
      await Promise.all(due.map((task) => task.run()));
    }
    this.#offset += Math.max(0, target - this.now());
  }

  /** Moves the clock to `at`: forward as {@link advance}; backward, no task runs. */
  async set(at: Date | number): Promise<void> {
    const target = at instanceof Date ? at.getTime() : at;
    if (typeof target !== 'number' || !(target >= 0 && target <= MAX_CLOCK_MS)) {
      throw new RangeError(
        `set(at) takes a Date or epoch milliseconds from 1970 to ${new Date(MAX_CLOCK_MS).toISOString()}`,
      );
    }
    await this.#settle();
    const now = this.now();
    if (target >= now) await this.#advanceTo(target);
    else this.#offset -= now - target;
  }

  /** Drops every scheduled task. */
  clear(): void {
    this.#tasks = [];
  }

  #nextDue(target: number): Task | undefined {
    let best: Task | undefined;
    for (const task of this.#tasks) {
      if (task.at > target) continue;
      if (!best || task.at < best.at || (task.at === best.at && task.seq < best.seq)) best = task;
    }
    return best;
  }
}
