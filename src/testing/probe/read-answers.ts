/** Read-only probes of how the service answers rather than what: a cursor it did not write, and
 * a request id header in its answers. @module */
import { LISTS, type ProbeContext } from './read.ts';
import { answerOf } from './report.ts';

/** Spec 4.1: what a cursor the service never wrote answers (400, 404, or read anyway). */
export async function probeInvalidCursor(ctx: ProbeContext): Promise<void> {
  ctx.progress('trying a cursor the service did not write on GET /rooms');
  const answer = await ctx.t.send(ctx.key, 'GET', LISTS.rooms, {
    query: { cursor: 'clinic-sdk-probe-not-a-cursor' },
  });
  const status = answer.status === 400 || answer.status === 404 ? answer.status : undefined;
  ctx.findings.add(
    'invalid-cursor',
    `a cursor the service did not write: ${answerOf(answer.status, answer.body)}`,
    status ? 'certain' : answer.status === 403 ? 'unobservable' : 'unclear',
    status ? { setting: { name: 'clinic.invalidCursor', value: status } } : {},
  );
}

/** Whether the answers so far carried a request id header, and its name (never its values). */
export function reportRequestId(ctx: ProbeContext): void {
  const names = [...ctx.t.requestIdHeaders].sort();
  ctx.findings.add(
    'request-id',
    names.length ? `request id header: ${names.join(', ')}` : 'no request id header',
    names.length === 1 ? 'certain' : names.length ? 'unclear' : 'likely',
    names.length <= 1 ? { setting: { name: 'requestIdHeader', value: names[0] ?? null } } : {},
  );
}
