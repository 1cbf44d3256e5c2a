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
// msw, which @clinic-scheduling/sdk/testing imports for api.handlers, keeps Deno's event loop
// alive after an import (msw alone does too). Drop this exit once /testing no longer imports
// msw (the handlers moving to @clinic-scheduling/sdk/testing/msw).
Deno.exit(0);
