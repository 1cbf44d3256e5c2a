// Bun: the webhook handler as the fetch handler of Bun.serve.
import { clientChecks, deliverTwice } from './checks.mjs';

const run = await clientChecks();
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: run.handler });
try {
  run.passed.push(await deliverTwice(`http://127.0.0.1:${server.port}/webhooks`, run));
} finally {
  server.stop(true);
}
console.log(`ok runtime bun ${Bun.version}: ${run.passed.join(', ')}`);
