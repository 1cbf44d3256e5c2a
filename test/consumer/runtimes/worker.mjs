// workerd: a module worker. GET /checks runs the client checks inside the worker;
// POST /webhooks is the webhook handler as the worker's own fetch handler. workerd.mjs
// bundles it with esbuild and runs it in miniflare.
import { clientChecks } from './checks.mjs';

let run;

export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === '/checks') {
      run = await clientChecks();
      return Response.json({
        passed: run.passed,
        delivery: run.delivery,
        appointmentId: run.appointmentId,
      });
    }
    if (pathname === '/webhooks') return run.handler(request);
    if (pathname === '/handled') return Response.json(run.handled);
    return new Response('not found', { status: 404 });
  },
};
