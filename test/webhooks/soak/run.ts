/**
 * The full webhook fault soak, from .ci/run: both queues, 10,000 events each by default.
 *
 *   node test/webhooks/soak/run.ts [--events 10000] [--queue bullmq|pg-boss]
 *
 * Prints each run's figures as JSON and exits 1 unless every event was handled once (0 lost,
 * none applied twice) and the consumer's view equals the server's.
 */
import { parseArgs } from 'node:util';
import { runSoak, type SoakReport } from './soak.ts';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '10000' }, queue: { type: 'string' } },
});
const queues = values.queue
  ? [values.queue as 'bullmq' | 'pg-boss']
  : (['bullmq', 'pg-boss'] as const);
let failed = false;
for (const queue of queues) {
  const report: SoakReport = await runSoak({
    queue,
    events: Number(values.events),
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(report, null, 2));
  const held =
    report.lost === 0 &&
    report.appliedTwice === 0 &&
    report.mismatched === 0 &&
    report.undelivered === 0 &&
    report.endpointEnabled &&
    report.workerKills >= 2 &&
    report.brokerKills >= 1;
  console.log(`soak ${queue}: ${held ? 'HELD' : 'FAILED'} (${Math.round(report.wallMs / 1000)} s)`);
  failed ||= !held;
}
process.exit(failed ? 1 : 0);
