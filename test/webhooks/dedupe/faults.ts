/**
 * The fault suite every DedupeStore runs behind the webhook handler: its backend goes down (a
 * real server killed with SIGKILL, or the memory store made to fail) and comes back mid-flight.
 * A claim or completion the store confirmed survives; calls fail or hang while it is down.
 */
import { expect, it } from 'vitest';
import { seededRandom as seeded } from '../../../src/testing/server/random.ts';
import type { DedupeStore } from '../../../src/webhooks/dedupe/contract.ts';
import type { AppointmentEvent } from '../../../src/webhooks/events.ts';
import { createWebhookHandler, type WebhookHandler } from '../../../src/webhooks/handler.ts';
import { appointmentEvent, post } from '../fixtures.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One machine's view of the backend: its own store (own connection), and a raw read. */
export interface FaultMachine {
  store: DedupeStore;
  /** `'processing'`, `'done'` or `null` for an id, read past the store. */
  state(id: string): Promise<string | null>;
}

/** A store backend that a test can take down and bring back. */
export interface FaultBackend {
  kill(): Promise<void>;
  restart(): Promise<void>;
  /** A new machine; `kind` picks its client where the backend has several. */
  machine(kind: string, namespace: string): Promise<FaultMachine>;
  /** storeTimeoutMs and ackAfterMs that suit how the backend's clients fail. */
  storeTimeoutMs: number;
  ackAfterMs: number;
  /** Delivery loops of the load test. */
  senders: number;
}

/**
 * Registers the fault tests: the outage test for each machine kind (a client library), the load
 * test on two machines (the first and last kinds). `backend()` is read once `beforeAll` ran.
 */
export function dedupeFaultSuite(
  kinds: readonly string[],
  backend: () => FaultBackend,
  loadTimeoutMs = 30_000,
): void {
  for (const kind of kinds) {
    it(`${kind}, backend down: 503 and no handler runs; once it is back the claim is released and the retry is processed`, async () => {
      const b = backend();
      const { store, state } = await b.machine(kind, `down_${kind.replace(/\W/g, '_')}`);
      const runs: string[] = [];
      const handler = createWebhookHandler({
        verify: 'unsigned',
        on: { 'appointment.created': (event) => void runs.push(event.id) },
        dedupe: store,
        storeTimeoutMs: b.storeTimeoutMs,
        ackAfterMs: b.ackAfterMs * 3,
        onError: () => {},
      });
      const event = appointmentEvent();
      await b.kill();
      try {
        const response = await handler(post(event));
        // Refused or timed out, by how the client library meets the dead backend: a 503 either
        // way, which the service retries.
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ detail: expect.any(String), id: event.id });
        expect(runs).toEqual([]);
      } finally {
        await b.restart();
      }
      await handler.drain(); // a claim that landed late is released under its token
      expect(await state(event.id)).toBeNull();
      const retry = await handler(post(event));
      expect(await retry.json()).toEqual({ status: 'processed', id: event.id });
      expect(runs).toEqual([event.id]);
      expect(await state(event.id)).toBe('done');
    }, 30_000);
  }

  it(
    `1,000 deliveries with duplicates and retries, to two machines (${kinds[0]}, ${kinds.at(-1)}), the backend killed and restarted twice mid-flight: none lost, none processed twice`,
    async () => {
      const b = backend();
      const rand = seeded(13);
      const events = Array.from({ length: 600 }, () => appointmentEvent());
      // A copy of 400 of them (at-least-once delivery), in a shuffled order.
      const deliveries: AppointmentEvent[] = [
        ...events,
        ...Array.from({ length: 400 }, () => events[Math.floor(rand() * events.length)]!),
      ];
      for (let i = deliveries.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
      }
      // 2% of the events take longer than ackAfterMs (answered 202 after their claim); 5% fail on
      // their first run (500, retried).
      const slow = new Set(events.filter(() => rand() < 0.02).map((e) => e.id));
      const failedOnce = new Set<string>();
      const processed = new Map<string, number>();
      const handle = async (event: AppointmentEvent) => {
        if (!slow.has(event.id) && !failedOnce.has(event.id) && rand() < 0.05) {
          failedOnce.add(event.id);
          throw new Error('injected: the consumer database failed');
        }
        await sleep(slow.has(event.id) ? b.ackAfterMs + 200 : Math.floor(rand() * 3));
        processed.set(event.id, (processed.get(event.id) ?? 0) + 1);
      };
      const machines: WebhookHandler[] = [];
      // One after the other: a backend may create its table on the first.
      for (const kind of [kinds[0]!, kinds.at(-1)!]) {
        machines.push(
          createWebhookHandler({
            verify: 'unsigned',
            on: { 'appointment.created': handle },
            dedupe: (await b.machine(kind, 'load')).store,
            storeTimeoutMs: b.storeTimeoutMs,
            ackAfterMs: b.ackAfterMs,
            onError: () => {},
          }),
        );
      }

      // The service: each delivery is sent to either machine until one answers 2xx.
      const statuses = new Map<number, number>();
      let acknowledged = 0;
      const deliver = async (event: AppointmentEvent) => {
        for (let attempt = 1; attempt <= 300; attempt++) {
          const machine = machines[Math.floor(rand() * machines.length)]!;
          const { status } = await machine(post(event));
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 200 && status < 300) {
            acknowledged += 1;
            return;
          }
          await sleep(10 + Math.floor(rand() * 30)); // the service's retry, compressed
        }
        throw new Error(`the delivery of ${event.id} was never acknowledged`);
      };
      let next = 0;
      const sender = async () => {
        while (next < deliveries.length) await deliver(deliveries[next++]!);
      };
      const kills: number[] = [];
      const faults = async () => {
        for (const at of [250, 650]) {
          while (acknowledged < at) await sleep(5);
          kills.push(acknowledged);
          await b.kill();
          await sleep(300);
          await b.restart();
        }
      };

      await Promise.all([faults(), ...Array.from({ length: b.senders }, sender)]);
      await Promise.all(machines.map((machine) => machine.drain()));

      // None lost, none processed twice (one assertion, so that a failure shows every figure).
      expect({
        acknowledged,
        kills: kills.length,
        processed: processed.size,
        twice: [...processed].filter(([, n]) => n !== 1),
        statuses: Object.fromEntries(statuses),
      }).toMatchObject({ acknowledged: 1_000, kills: 2, processed: 600, twice: [] });
      // The faults were real: store outages answered 503, failed handlers 500, slow ones 202.
      expect(statuses.get(503)).toBeGreaterThan(0);
      expect(statuses.get(500)).toBeGreaterThan(0);
      expect(statuses.get(202)).toBeGreaterThan(0);
      expect([...statuses.keys()].sort()).toEqual(
        [200, 202, 409, 500, 503].filter((s) => statuses.has(s)),
      );
    },
    loadTimeoutMs,
  );
}
