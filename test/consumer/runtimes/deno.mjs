// Deno: the webhook handler as the handler of Deno.serve. Needs deno.json
// { "nodeModulesDir": "manual" } next to package.json (see docs/getting-started.md).
import { clientChecks, deliverTwice } from './checks.mjs';

const run = await clientChecks();
const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen() {} }, run.handler);
try {
  run.passed.push(await deliverTwice(`http://127.0.0.1:${server.addr.port}/webhooks`, run));
} finally {
  await server.shutdown();
}
console.log(`ok runtime deno ${Deno.version.deno}: ${run.passed.join(', ')}`);
