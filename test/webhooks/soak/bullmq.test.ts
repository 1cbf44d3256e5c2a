/**
 * The short webhook fault soak (soak.ts), on BullMQ: two handler processes, three workers, a
 * worker and the broker killed with SIGKILL mid-run. The full soak (10,000 events, BullMQ and
 * pg-boss, two worker kills and a broker kill each) runs from .ci/run (`npm run soak:webhooks`);
 * pg-boss's short run is left to it. A long suite (`npm run test:long`), not part of `npm test`.
 */
import { expect, it } from 'vitest';
import { describeWithRedis } from '../../helpers/redis.ts';
import { runSoak } from './soak.ts';

describeWithRedis('the webhook fault soak on bullmq (short)', () => {
  it('every event handled once, none lost, the view equal to the server after SIGKILLs of a worker and the broker', async () => {
    const report = await runSoak({ queue: 'bullmq', events: 100, workerKills: 1, brokerKills: 1 });
    expect(report).toMatchObject({
      lost: 0,
      appliedTwice: 0,
      mismatched: 0,
      undelivered: 0,
      workerKills: 1,
      brokerKills: 1,
      endpointEnabled: true,
    });
    expect(report.emitted).toBeGreaterThanOrEqual(100);
    expect(report.applied + report.stale).toBe(report.emitted);
    expect(report.duplicates).toBeGreaterThan(0); // the delivery chaos was real
  }, 300_000); // bounds a failing run on a loaded machine; a passing one takes seconds
});
