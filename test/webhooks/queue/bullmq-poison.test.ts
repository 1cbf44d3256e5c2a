/**
 * Issue 38, on a real redis-server: a poison event whose worker process is SIGKILLed every time
 * it runs it is dead-lettered (it used to fail on BullMQ's stall limit with no letter, and be
 * deleted after retentionMs); a last attempt whose dead-letter write fails keeps the job failed,
 * reports the write's error, and the letter is written once Redis takes it.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWebhookWorker } from '../../../src/webhooks/worker.ts';
import { describeWithRedis } from '../../helpers/redis.ts';
import { appointmentEvent } from '../fixtures.ts';
import { useBullMQ } from './brokers.ts';
import { eventually } from './contract.ts';
import { expectPoisonDeadLettered } from './poison.ts';

describeWithRedis('BullMQWebhookQueue and poison events on a real redis-server', () => {
  const broker = useBullMQ({ durable: true });
  let admin: Redis;

  beforeAll(() => {
    admin = new Redis(broker.server().port, '127.0.0.1');
  });

  afterAll(() => {
    admin?.disconnect();
  });

  it('a worker SIGKILLed each time it runs the event, in a loop: dead-lettered after `attempts` runs, with a reason that says so; the other event runs', async () => {
    const name = 'poison-kill';
    await expectPoisonDeadLettered(
      broker.queue({ name, attempts: 2 }),
      { broker: 'bullmq', name, attempts: 2, redisPort: broker.server().port },
      /allowable limit: its worker stopped mid-job/,
    );
  }, 180_000);

  it('a dead-letter write that fails on the last attempt keeps the job failed and reports it; the letter is written once Redis takes it', async () => {
    const name = 'poison-write';
    // A user that may write the queue's keys but not its dead letters'.
    await admin.call(
      'ACL',
      'SETUSER',
      'worker',
      'on',
      '>secret',
      '+@all',
      '&*',
      '%R~*',
      `~bull:${name}:*`,
    );
    const queue = broker.queue({
      connection: {
        host: '127.0.0.1',
        port: broker.server().port,
        username: 'worker',
        password: 'secret',
      },
      name,
      attempts: 1,
      workerOptions: { stalledInterval: 500 },
    });
    const event = appointmentEvent();
    await queue.enqueue({ id: event.id, event, receivedAt: Date.now() });
    const errors: string[] = [];
    const worker = await createWebhookWorker({
      queue,
      logLevel: 'off',
      on: {
        'appointment.created': () => {
          throw new Error('poison');
        },
      },
      onError: (error) => void errors.push((error as Error).message),
    });
    await eventually(() => errors.some((m) => /NOPERM/.test(m)));
    expect(await admin.call('HGET', `bull:${name}:${event.id}`, 'failedReason')).toBe('poison');
    expect(await admin.exists(`bull:${name}-dead-letter:${event.id}`)).toBe(0);
    await admin.call('ACL', 'SETUSER', 'worker', '~*'); // Redis takes the letter again
    await eventually(async () => (await queue.deadLetters()).length === 1);
    expect((await queue.deadLetters())[0]).toMatchObject({ id: event.id, kind: 'failed' });
    await worker.idle();
    await worker.close();
  }, 60_000);
});
