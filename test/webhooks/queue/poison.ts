/**
 * A poison event on a real broker: the worker process running it is SIGKILLed every time it
 * starts it (a crash loop, out of memory), and workers are started again and again, as a
 * supervisor would. The event ends in the dead-letter queue; the other events run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { WebhookJob, WebhookQueue } from '../../../src/webhooks/queue/contract.ts';
import { appointmentEvent } from '../fixtures.ts';
import { POISON_ENV, type PoisonConfig } from './poison-worker.ts';

const WORKER = fileURLToPath(new URL('./poison-worker.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Worker {
  child: ChildProcess;
  output: () => string;
}

function start(config: PoisonConfig): Worker {
  const child = spawn(process.execPath, [WORKER], {
    env: { ...process.env, [POISON_ENV]: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const job = (): WebhookJob => {
  const event = appointmentEvent();
  return { id: event.id, event, receivedAt: Date.now() };
};

/**
 * Enqueues a poison event and a healthy one, then runs workers in a loop, each SIGKILLed once it
 * starts the poison event, until the event is in the dead-letter queue. Returns what it saw.
 */
export async function poisonLoop(
  queue: WebhookQueue,
  config: Omit<PoisonConfig, 'poisonId'>,
  timeoutMs = 120_000,
) {
  const poison = job();
  const healthy = job();
  await queue.enqueue(poison);
  await queue.enqueue(healthy);
  const until = Date.now() + timeoutMs;
  let kills = 0;
  let healthyDone = false;
  const lettered = async () => (await queue.deadLetters()).some((l) => l.id === poison.id);
  while (!(await lettered())) {
    expect(Date.now()).toBeLessThan(until);
    const worker = start({ ...config, poisonId: poison.id });
    try {
      for (;;) {
        const output = worker.output();
        healthyDone ||= output.includes(`done ${healthy.id}`);
        if (output.includes(`busy ${poison.id}`)) {
          await killed(worker.child);
          kills += 1;
          break;
        }
        if (await lettered()) break;
        if (worker.child.exitCode !== null) throw new Error(`the worker exited:\n${output}`);
        expect(Date.now()).toBeLessThan(until);
        await sleep(50);
      }
    } finally {
      await killed(worker.child);
    }
  }
  const letter = (await queue.deadLetters()).find((l) => l.id === poison.id)!;
  return { letter, kills, healthyDone, poison, healthy };
}

/** The poison loop, and what must hold after it on every broker. */
export async function expectPoisonDeadLettered(
  queue: WebhookQueue,
  config: Omit<PoisonConfig, 'poisonId'>,
  reason: RegExp,
): Promise<void> {
  const { letter, kills, healthyDone } = await poisonLoop(queue, config);
  expect(kills).toBe(config.attempts);
  expect(letter).toMatchObject({ kind: 'failed', ran: false });
  expect(letter.reason).toMatch(reason);
  expect(healthyDone).toBe(true);
}
