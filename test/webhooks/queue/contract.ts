/**
 * The behaviour every WebhookQueue adapter must have, run against MemoryWebhookQueue, BullMQ on a
 * real redis-server and pg-boss on a real PostgreSQL: idempotent enqueue by envelope id, retries,
 * the dead-letter queue with the last error, jobs checked again before any handler, replay that
 * never runs an event twice within retentionMs, idle(), depth(), and the handler and worker on top.
 */
import { expect, it } from 'vitest';
import { createWebhookHandler } from '../../../src/webhooks/handler.ts';
import { MemoryOrderingStore } from '../../../src/webhooks/ordering/memory.ts';
import type { WebhookJob, WebhookQueue } from '../../../src/webhooks/queue/contract.ts';
import { createWebhookWorker } from '../../../src/webhooks/worker.ts';
import { appointmentEvent, pingEvent, post } from '../fixtures.ts';

/** Polls `check` until it holds (jobs run on the broker's schedule). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh queue (its own name); closed by the suite's afterAll. */
export type QueueFactory = (options: {
  attempts: number;
  retentionMs?: number;
  jobTimeoutMs?: number;
}) => Promise<WebhookQueue>;

/** What an adapter's suite adds to the contract. */
export interface ContractHooks {
  /** Runs the broker's own upkeep now (pg-boss: its supervise pass: counts, retention). */
  maintain?(queue: WebhookQueue): Promise<void>;
}

const job = (event: WebhookJob['event'] = appointmentEvent()): WebhookJob => ({
  id: event.id,
  event,
  receivedAt: Date.now(),
});

const quiet = () => {};

export function webhookQueueContract(queue: QueueFactory, hooks: ContractHooks = {}): void {
  const maintain = async (q: WebhookQueue) => hooks.maintain?.(q);

  it('enqueue answers added, then duplicate for the same envelope id in either case', async () => {
    const q = await queue({ attempts: 3 });
    const one = job();
    expect(await q.enqueue(one)).toBe('added');
    expect(await q.enqueue(one)).toBe('duplicate');
    expect(await q.enqueue({ ...one, id: one.id.toUpperCase() })).toBe('duplicate');
  });

  it('a consumer runs each job once, attempt 1 of the attempts set', async () => {
    const q = await queue({ attempts: 3 });
    const jobs = [job(), job(), job()];
    for (const j of jobs) await q.enqueue(j);
    const seen: Array<[string, number, number]> = [];
    const consumer = await q.consume(
      async (j, a) => {
        seen.push([(j as WebhookJob).id, a.attempt, a.attempts]);
        return undefined;
      },
      { concurrency: 2 },
    );
    await eventually(() => seen.length === 3);
    await consumer.close(5_000);
    expect(seen.map(([id]) => id).sort()).toEqual(jobs.map((j) => j.id).sort());
    expect(seen.every(([, attempt, attempts]) => attempt === 1 && attempts === 3)).toBe(true);
    expect(await q.enqueue(jobs[0]!)).toBe('duplicate'); // a done id is remembered
  });

  it('a job that keeps failing is retried up to its attempts, then dead-lettered with the last error; replay runs it again under its event id', async () => {
    const q = await queue({ attempts: 2 });
    const failing = job();
    await q.enqueue(failing);
    const attempts: number[] = [];
    const letters: string[] = [];
    let healed = false;
    const consumer = await q.consume(
      async (_, a) => {
        attempts.push(a.attempt);
        if (!healed) throw new TypeError(`injected failure ${a.attempt}`);
        return undefined;
      },
      { concurrency: 1, onDeadLetter: (letter) => void letters.push(letter.id) },
    );
    await eventually(async () => (await q.deadLetters()).length === 1);
    expect(attempts).toEqual([1, 2]);
    const [letter] = await q.deadLetters();
    expect(letter).toMatchObject({
      id: failing.id,
      event: { id: failing.id },
      kind: 'failed',
      ran: false,
    });
    expect(letter!.reason).toContain('injected failure 2');
    expect(letters).toEqual([failing.id]);
    healed = true;
    expect(await q.replayDeadLetters()).toBe(1);
    await eventually(() => attempts.length === 3);
    expect(attempts[2]).toBe(1); // its attempts anew
    await eventually(async () => (await q.deadLetters()).length === 0);
    await q.idle();
    // The replayed job kept the event's id: a late delivery of it adds nothing.
    expect(await q.enqueue(failing)).toBe('duplicate');
    await consumer.close(5_000);
  });

  it('two operators replaying at once run the event once', async () => {
    const q = await queue({ attempts: 1 });
    const event = job();
    await q.enqueue(event);
    const ran: string[] = [];
    let healed = false;
    const consumer = await q.consume(
      async (j) => {
        if (!healed) throw new Error('not yet');
        ran.push((j as WebhookJob).id);
        return undefined;
      },
      { concurrency: 2 },
    );
    await eventually(async () => (await q.deadLetters()).length === 1);
    healed = true;
    const moved = await Promise.all([q.replayDeadLetters(), q.replayDeadLetters()]);
    expect(moved.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await q.idle();
    await sleep(300); // a second job, had there been one, would have started by now
    await q.idle();
    expect(ran).toEqual([event.id]);
    expect(await q.deadLetters()).toEqual([]);
    await consumer.close(5_000);
  });

  it('deadLetter puts an event straight in the dead-letter queue; a refused one moves only when named', async () => {
    const q = await queue({ attempts: 3 });
    const refused = job();
    const other = job();
    await q.deadLetter(refused, 'too old');
    await q.deadLetter(other, 'too old');
    const letters = await q.deadLetters();
    expect(letters.map((l) => [l.id, l.reason, l.kind, l.ran]).sort()).toEqual(
      [
        [refused.id, 'too old', 'refused', false],
        [other.id, 'too old', 'refused', false],
      ].sort(),
    );
    const ran: string[] = [];
    const consumer = await q.consume(
      async (j) => {
        ran.push((j as WebhookJob).id);
        return undefined;
      },
      { concurrency: 1 },
    );
    expect(await q.replayDeadLetters()).toBe(0); // not named: kept
    expect(await q.replayDeadLetters({ ids: [refused.id] })).toBe(1);
    await eventually(() => ran.length === 1);
    expect(ran).toEqual([refused.id]);
    expect((await q.deadLetters()).map((l) => l.id)).toEqual([other.id]);
    await consumer.close(5_000);
  });

  it('close waits for the job in hand to finish', async () => {
    const q = await queue({ attempts: 3 });
    await q.enqueue(job());
    let release = () => {};
    let started = false;
    let finished = false;
    const consumer = await q.consume(
      async () => {
        started = true;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        finished = true;
        return undefined;
      },
      { concurrency: 1 },
    );
    await eventually(() => started);
    const closing = consumer.close(10_000);
    setTimeout(() => release(), 100);
    await closing;
    expect(finished).toBe(true);
  });

  it('the handler enqueues and answers queued, then duplicate; a worker runs on[type] with its context', async () => {
    const q = await queue({ attempts: 3 });
    const handler = createWebhookHandler({ verify: 'unsigned', queue: q, onError: quiet });
    const event = appointmentEvent('appointment.updated');
    const first = await handler(post(event));
    expect([first.status, await first.json()]).toEqual([200, { status: 'queued', id: event.id }]);
    const again = await handler(post(event));
    expect(await again.json()).toEqual({ status: 'duplicate', id: event.id });
    const got: unknown[] = [];
    const worker = await createWebhookWorker({
      queue: q,
      on: { 'appointment.updated': (e, context) => void got.push([e.id, e.data.id, context]) },
      onError: quiet,
      logLevel: 'off',
    });
    await worker.idle();
    await worker.close();
    expect(got).toEqual([
      [
        event.id,
        event.data.id,
        { jobId: event.id, attempt: 1, attempts: 3, signal: expect.any(AbortSignal) },
      ],
    ]);
  });

  it('an event older than maxEventAgeMs is answered refused, runs no handler, and waits in the dead-letter queue', async () => {
    const q = await queue({ attempts: 3 });
    const errors: unknown[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      queue: q,
      onError: (error) => void errors.push(error),
    });
    const old = appointmentEvent(
      'appointment.created',
      {},
      { created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() },
    );
    const response = await handler(post(old));
    expect([response.status, await response.json()]).toEqual([
      200,
      { status: 'refused', id: old.id },
    ]);
    expect(errors.map((e) => (e as Error).name)).toEqual(['WebhookEventTooOldError']);
    expect((await q.deadLetters()).map((l) => [l.id, l.kind])).toEqual([[old.id, 'refused']]);
  });

  it('worker.idle() resolves once every job waiting, retried or running when called has finished or been dead-lettered', async () => {
    const q = await queue({ attempts: 2 });
    const ok = [job(), job()];
    const poison = job();
    for (const j of [...ok, poison]) await q.enqueue(j);
    const ran: string[] = [];
    const worker = await createWebhookWorker({
      queue: q,
      on: {
        'appointment.created': async (e) => {
          await sleep(20);
          if (e.id === poison.id) throw new Error('poison');
          ran.push(e.id);
        },
      },
      onError: quiet,
      logLevel: 'off',
    });
    await worker.idle();
    expect(ran.sort()).toEqual(ok.map((j) => j.id).sort());
    expect((await q.deadLetters()).map((l) => l.id)).toEqual([poison.id]);
    await maintain(q);
    expect(await q.depth()).toMatchObject({ waiting: 0, delayed: 0, active: 0, deadLetters: 1 });
    await worker.close();
  });

  it('a run past jobTimeoutMs fails that attempt and frees its slot; its handler learns of it through context.signal; after the last attempt it is dead-lettered as out of time', async () => {
    const q = await queue({ attempts: 2, jobTimeoutMs: 400 });
    expect(q.jobTimeoutMs).toBe(400);
    const hung = job();
    const next = job();
    await q.enqueue(hung);
    const runs: Array<{ attempt: number; signal: AbortSignal }> = [];
    const ran: string[] = [];
    const worker = await createWebhookWorker({
      queue: q,
      concurrency: 1,
      on: {
        'appointment.created': async (e, context) => {
          if (e.id !== hung.id) return void ran.push(e.id);
          runs.push(context);
          await new Promise(() => {}); // hangs for ever, whatever the signal says
        },
      },
      onError: quiet,
      logLevel: 'off',
    });
    await eventually(() => runs.length === 1);
    expect(runs[0]!.signal.aborted).toBe(false);
    // One slot: the next job runs only once the hung run's slot is freed.
    await q.enqueue(next);
    await worker.idle();
    expect(runs.map((r) => r.attempt)).toEqual([1, 2]);
    expect(runs.map((r) => (r.signal.reason as Error).name)).toEqual([
      'WebhookJobTimeoutError',
      'WebhookJobTimeoutError',
    ]);
    expect(ran).toEqual([next.id]);
    const letters = await q.deadLetters();
    expect(letters.map((l) => [l.id, l.kind, l.ran])).toEqual([[hung.id, 'failed', false]]);
    expect(letters[0]!.reason).toMatch(/^WebhookJobTimeoutError: /);
    expect(worker.running).toBe(0);
    await worker.close();
  });

  it('a stored job is checked with the envelope schema before any handler: an invalid one is dead-lettered at once with its reason; unknown members are dropped', async () => {
    const q = await queue({ attempts: 3 });
    const edited = appointmentEvent();
    await q.enqueue({ ...job(edited), event: { ...edited, company_id: 'not-a-number' } } as never);
    const traced = appointmentEvent();
    await q.enqueue({ ...job(traced), trace: { traceparent: 'not-a-traceparent' } });
    const extra = appointmentEvent();
    await q.enqueue({
      ...job(extra),
      event: { ...extra, injected: 'x', data: { ...extra.data, injected: 'y' } },
    } as never);
    const got: unknown[] = [];
    const invalid: string[] = [];
    const worker = await createWebhookWorker({
      queue: q,
      on: { 'appointment.created': (e) => void got.push(e) },
      onError: (error) => void invalid.push((error as Error).message),
      logLevel: 'off',
    });
    await worker.idle();
    expect(got).toEqual([extra]);
    const letters = await q.deadLetters();
    expect(letters.map((l) => [l.id, l.kind]).sort()).toEqual(
      [
        [edited.id, 'invalid'],
        [traced.id, 'invalid'],
      ].sort(),
    );
    expect(letters.find((l) => l.id === edited.id)!.reason).toMatch(/company_id/);
    expect(letters.find((l) => l.id === traced.id)!.reason).toMatch(/trace/);
    expect(invalid).toHaveLength(2); // once each: no retry
    await worker.close();
  });

  it('a captured delivery refused as too old never runs again within retentionMs, named or not; the count is what moved', async () => {
    const q = await queue({ attempts: 3 });
    const ran: string[] = [];
    const worker = await createWebhookWorker({
      queue: q,
      on: { 'appointment.updated': (e) => void ran.push(e.id) },
      onError: quiet,
      logLevel: 'off',
    });
    const original = job(appointmentEvent('appointment.updated'));
    await q.enqueue(original);
    await worker.idle();
    // The same signed delivery, sent again a day later: the handler refuses it into the letters.
    await q.deadLetter({ ...original, receivedAt: Date.now() }, 'too old', 'refused');
    expect((await q.deadLetters()).map((l) => [l.id, l.ran])).toEqual([[original.id, true]]);
    expect(await q.replayDeadLetters({ ids: [original.id] })).toBe(0);
    expect(await q.deadLetters()).toEqual([]); // it ran: nothing left to replay
    await q.deadLetter({ ...original, receivedAt: Date.now() }, 'too old', 'refused');
    expect(await q.replayDeadLetters()).toBe(0);
    await worker.idle();
    expect(ran).toEqual([original.id]);
    await worker.close();
  });

  it('after retentionMs the record is gone: a named replay re-queues it, and ordering skips the state it already applied', async () => {
    const q = await queue({ attempts: 3, retentionMs: 1_000 });
    const ran: string[] = [];
    const stale: string[] = [];
    const worker = await createWebhookWorker({
      queue: q,
      ordering: new MemoryOrderingStore(),
      on: { 'appointment.updated': (e) => void ran.push(e.id) },
      onStale: (e) => void stale.push(e.id),
      onError: quiet,
      logLevel: 'off',
    });
    const original = job(appointmentEvent('appointment.updated'));
    await q.enqueue(original);
    await worker.idle();
    await sleep(1_500);
    // Brokers drop aged ids lazily: on a later completion (BullMQ), in upkeep (pg-boss).
    await q.enqueue(job(pingEvent()));
    await worker.idle();
    await maintain(q);
    await q.deadLetter({ ...original, receivedAt: Date.now() }, 'too old', 'refused');
    expect((await q.deadLetters()).map((l) => [l.id, l.ran])).toEqual([[original.id, false]]);
    expect(await q.replayDeadLetters()).toBe(0); // refused: only by name
    expect(await q.replayDeadLetters({ ids: [original.id] })).toBe(1);
    await worker.idle();
    expect(ran).toEqual([original.id]);
    expect(stale).toEqual([original.id]);
    await worker.close();
  });
}
