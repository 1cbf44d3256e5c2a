/**
 * A {@link WebhookQueue} in the memory of one process: for tests, and for one process that
 * accepts losing what is queued in a crash. The same contract as BullMQ's and pg-boss's. @module
 */
import { dedupeKey } from '../dedupe/contract.ts';
import {
  DEFAULT_JOB_TIMEOUT_MS,
  DEFAULT_QUEUE_ATTEMPTS,
  DEFAULT_QUEUE_BACKOFF_MS,
  DEFAULT_QUEUE_NAME,
  DEFAULT_QUEUE_RETENTION_MS,
  type DeadLetter,
  type DeadLetterKind,
  isTask,
  type StoredWebhookJob,
  type WebhookConsumeOptions,
  type WebhookConsumer,
  type WebhookJob,
  type WebhookJobAttempt,
  type WebhookJobResult,
  type WebhookQueue,
  type WebhookQueueDepth,
  type WebhookRetryOptions,
  type WebhookTask,
} from './contract.ts';
import {
  backoffDelay,
  checkEveryMs,
  checkRetryOptions,
  type HeldState,
  letterOf,
  reasonOf,
  replayStep,
  type StoredLetter,
} from './shared.ts';

type State = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

interface Entry {
  key: string;
  /**
   * A JSON copy, as a broker would store it: later changes to the caller's object do not reach
   * it. Dropped once the job is done: only its id is remembered for `retentionMs`.
   */
  data: StoredWebhookJob | undefined;
  state: State;
  started: number;
  /** Completed by its handlers (not by a dead letter). */
  ran: boolean;
  expiresAt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  settled: Promise<void>;
  settle: () => void;
}

type Process = (job: StoredWebhookJob, attempt: WebhookJobAttempt) => Promise<WebhookJobResult>;

interface Consumer {
  process: Process;
  options: WebhookConsumeOptions;
  running: Set<Promise<void>>;
  closed: boolean;
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const PENDING: readonly State[] = ['waiting', 'delayed', 'active'];

/**
 * A {@link WebhookQueue} in memory: `new MemoryWebhookQueue()`. Enqueue is idempotent by event id
 * for `retentionMs`, retries back off exponentially, the last failure is dead-lettered, replay
 * runs nothing twice. **Not durable**: a crash or restart loses every queued event and letter,
 * so the service's retries are your only safety net; use BullMQ or pg-boss on several machines.
 */
export class MemoryWebhookQueue implements WebhookQueue {
  /** The queue's name (`clinic-scheduling-webhooks`), for spans. */
  readonly name: string = DEFAULT_QUEUE_NAME;
  /** How long done ids are kept, in ms (the `retentionMs` option). */
  readonly retentionMs: number;
  /** How long one run of a job may take, in ms (the `jobTimeoutMs` option). */
  readonly jobTimeoutMs: number;
  readonly #attempts: number;
  readonly #backoffMs: number;
  readonly #entries = new Map<string, Entry>();
  /** Waiting keys, oldest first. */
  readonly #waiting: string[] = [];
  readonly #letters = new Map<string, StoredLetter>();
  readonly #consumers = new Set<Consumer>();
  #schedule: ReturnType<typeof setInterval> | undefined;
  #tasks = 0;
  #nextSweepAt = 0;

  /** @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for a retry option out of range. */
  constructor(options: WebhookRetryOptions = {}) {
    checkRetryOptions(options, 'MemoryWebhookQueue');
    this.#attempts = options.attempts ?? DEFAULT_QUEUE_ATTEMPTS;
    this.#backoffMs = options.backoffMs ?? DEFAULT_QUEUE_BACKOFF_MS;
    this.retentionMs = options.retentionMs ?? DEFAULT_QUEUE_RETENTION_MS;
    this.jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  }

  /** {@inheritDoc WebhookQueue.enqueue} */
  async enqueue(job: WebhookJob): Promise<'added' | 'duplicate'> {
    this.#sweep();
    const key = dedupeKey(job.id);
    if (this.#held(key)) return 'duplicate';
    this.#add(key, copy(job));
    return 'added';
  }

  /** {@inheritDoc WebhookQueue.deadLetter} */
  async deadLetter(
    job: WebhookJob,
    reason: string,
    kind: DeadLetterKind = 'refused',
  ): Promise<void> {
    const key = dedupeKey(job.id);
    if (this.#letters.has(key)) return;
    const held = this.#held(key);
    this.#letters.set(key, { ...copy(job), reason, kind, ran: held?.ran === true });
  }

  /** {@inheritDoc WebhookQueue.consume} */
  async consume(
    process: (job: StoredWebhookJob, attempt: WebhookJobAttempt) => Promise<WebhookJobResult>,
    options: WebhookConsumeOptions,
  ): Promise<WebhookConsumer> {
    const consumer: Consumer = { process, options, running: new Set(), closed: false };
    this.#consumers.add(consumer);
    this.#dispatch();
    return {
      close: async (timeoutMs) => {
        consumer.closed = true;
        this.#consumers.delete(consumer);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        });
        // A job still running at the timeout finishes on its own; nothing here can stop it.
        await Promise.race([Promise.all(consumer.running), late]);
        clearTimeout(timer);
      },
    };
  }

  /** {@inheritDoc WebhookQueue.deadLetters} */
  async deadLetters(limit = 1000): Promise<DeadLetter[]> {
    return [...this.#letters.values()].slice(0, limit).map((stored) => letterOf(copy(stored)));
  }

  /** {@inheritDoc WebhookQueue.replayDeadLetters} */
  async replayDeadLetters(
    options: { ids?: readonly string[]; limit?: number } = {},
  ): Promise<number> {
    const { ids, limit = 1000 } = options;
    const keys = ids ? ids.map(dedupeKey) : [...this.#letters.keys()].slice(0, limit);
    let moved = 0;
    for (const key of keys) {
      const stored = this.#letters.get(key);
      if (!stored) continue;
      const held = this.#held(key);
      const step = replayStep(letterOf(stored), ids !== undefined, heldState(held));
      if (step === 'keep') continue;
      this.#letters.delete(key);
      if (step === 'drop') continue;
      if (held) this.#entries.delete(key);
      const { reason: _, kind: __, ran: ___, ...job } = stored;
      this.#add(key, job);
      moved += 1;
    }
    return moved;
  }

  /** {@inheritDoc WebhookQueue.idle} */
  async idle(): Promise<void> {
    const pending = [...this.#entries.values()].filter((entry) => PENDING.includes(entry.state));
    await Promise.all(pending.map((entry) => entry.settled));
  }

  /** {@inheritDoc WebhookQueue.depth} */
  async depth(): Promise<WebhookQueueDepth> {
    const depth = { waiting: 0, delayed: 0, active: 0, deadLetters: this.#letters.size };
    for (const { state } of this.#entries.values()) {
      if (state === 'waiting' || state === 'delayed' || state === 'active') depth[state] += 1;
    }
    return depth;
  }

  /** Adds the task every `everyMs` from a timer of this process; replaces an earlier period. */
  async schedule(task: WebhookTask['kind'], everyMs: number): Promise<void> {
    checkEveryMs(everyMs, 'MemoryWebhookQueue.schedule');
    clearInterval(this.#schedule);
    this.#schedule = setInterval(() => {
      const busy = [...this.#entries.values()].some(
        (entry) => isTask(entry.data) && PENDING.includes(entry.state),
      );
      if (!busy) this.#add(`task:${task}:${++this.#tasks}`, { kind: task });
    }, everyMs);
    // The schedule alone does not keep a process alive.
    this.#schedule.unref?.();
  }

  /** {@inheritDoc WebhookQueue.unschedule} */
  async unschedule(task: WebhookTask['kind']): Promise<void> {
    if (task !== 'reconcile') return;
    clearInterval(this.#schedule);
    this.#schedule = undefined;
  }

  /** Stops the schedule and pending retries (their jobs stay `delayed`): for a test's teardown. */
  async close(): Promise<void> {
    await this.unschedule('reconcile');
    for (const entry of this.#entries.values()) clearTimeout(entry.timer);
  }

  /** Forgets the ids done longer ago than `retentionMs`; at most once a minute, so O(1) on average. */
  #sweep(): void {
    const now = Date.now();
    if (now < this.#nextSweepAt) return;
    this.#nextSweepAt = now + 60_000;
    for (const [key, entry] of this.#entries) {
      if (!PENDING.includes(entry.state) && entry.expiresAt <= now) this.#entries.delete(key);
    }
  }

  /** The entry of `key`, unless done longer ago than `retentionMs`. */
  #held(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && !PENDING.includes(entry.state) && entry.expiresAt <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #add(key: string, data: StoredWebhookJob): void {
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const entry: Entry = {
      key,
      data,
      state: 'waiting',
      started: 0,
      ran: false,
      expiresAt: Number.POSITIVE_INFINITY,
      timer: undefined,
      settled,
      settle,
    };
    this.#entries.set(key, entry);
    this.#waiting.push(key);
    this.#dispatch();
  }

  #dispatch(): void {
    for (const consumer of this.#consumers) {
      while (consumer.running.size < consumer.options.concurrency && this.#waiting.length > 0) {
        const entry = this.#entries.get(this.#waiting.shift()!);
        if (entry?.state !== 'waiting') continue;
        const run = this.#run(entry, consumer);
        consumer.running.add(run);
        void run.finally(() => {
          consumer.running.delete(run);
          this.#dispatch();
        });
      }
    }
  }

  async #run(entry: Entry, consumer: Consumer): Promise<void> {
    entry.state = 'active';
    entry.started += 1;
    const attempt = { attempt: entry.started, attempts: this.#attempts };
    let result: WebhookJobResult;
    try {
      // A copy per run: a handler that changes its event does not change the stored job.
      result = await consumer.process(copy(entry.data!), attempt);
    } catch (error) {
      if (!isTask(entry.data) && entry.started < this.#attempts) {
        entry.state = 'delayed';
        entry.timer = setTimeout(
          () => {
            entry.timer = undefined;
            if (this.#entries.get(entry.key) !== entry || entry.state !== 'delayed') return;
            entry.state = 'waiting';
            this.#waiting.push(entry.key);
            this.#dispatch();
          },
          backoffDelay(this.#backoffMs, entry.started),
        );
        return;
      }
      this.#finish(entry, 'failed', consumer, reasonOf(error), 'failed');
      return;
    }
    if (result?.deadLetter !== undefined && !isTask(entry.data)) {
      this.#finish(entry, 'failed', consumer, result.deadLetter, 'invalid');
      return;
    }
    entry.ran = true;
    this.#finish(entry, 'completed', consumer);
  }

  #finish(
    entry: Entry,
    state: 'completed' | 'failed',
    consumer: Consumer,
    reason?: string,
    kind?: DeadLetterKind,
  ): void {
    entry.state = state;
    entry.expiresAt = Date.now() + this.retentionMs;
    if (isTask(entry.data)) this.#entries.delete(entry.key);
    else if (reason !== undefined && kind !== undefined) {
      const job = entry.data as WebhookJob;
      const stored: StoredLetter = { ...job, reason, kind, ran: false };
      if (!this.#letters.has(entry.key)) this.#letters.set(entry.key, stored);
      try {
        consumer.options.onDeadLetter?.(letterOf(copy(stored)));
      } catch {
        // The listener's failure is not the queue's.
      }
    }
    entry.data = undefined;
    entry.settle();
  }
}

function heldState(entry: Entry | undefined): HeldState {
  if (!entry) return 'none';
  if (PENDING.includes(entry.state)) return 'queued';
  if (entry.state === 'completed') return entry.ran ? 'done' : 'failed';
  return 'failed';
}
