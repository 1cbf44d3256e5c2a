// Node: the webhook handler behind node:http (the SDK's toNodeListener), Node having no
// fetch-handler server of its own.
import { createServer } from 'node:http';
import { toNodeListener } from '@clinic-scheduling/sdk/webhooks';
import { clientChecks, deliverTwice } from './checks.mjs';

const run = await clientChecks();
const server = createServer(toNodeListener(run.handler));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
try {
  run.passed.push(await deliverTwice(`http://127.0.0.1:${server.address().port}/webhooks`, run));
} finally {
  server.close();
}
console.log(`ok runtime node ${process.versions.node}: ${run.passed.join(', ')}`);
