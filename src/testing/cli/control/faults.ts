/** Control routes of faults and chaos (`api.faults`). @module */
import * as z from 'zod';
import type { ChaosSpec } from '../../server/chaos.ts';
import { FaultInput, parseInput } from '../../server/control-inputs.ts';
import type { Fault, FaultSpec } from '../../server/faults.ts';
import { checkInvariants } from '../../server/invariants.ts';
import { ControlError, created, noInput, readBody, readJson, route } from './shared.ts';

/** JSON has no Infinity: `"times": "always"` acts on every matching request, and reads back so. */
const ALWAYS = 'always';
const always = (n: number | undefined) => (n === Number.POSITIVE_INFINITY ? ALWAYS : n);

/** A fault as the control API shows it: its id, its spec as written, what is left of it. */
function faultView(fault: Fault) {
  const { times, ...spec } = fault.spec;
  return {
    id: fault.id,
    ...spec,
    ...(times !== undefined && { times: always(times) }),
    remaining: always(fault.remaining),
    hits: fault.hits,
  };
}

function faultOf(api: { faults: { pending: readonly Fault[] } }, id: string): Fault {
  const found = api.faults.pending.find((f) => f.id === id);
  if (!found) {
    throw new ControlError(
      404,
      `No pending fault ${id} (used up, removed, or never injected); GET /__control/faults lists them`,
    );
  }
  return found;
}

export const FAULT_ROUTES = {
  'GET /faults': route('the faults pending, each with its id', ({ api }) => ({
    pending: api.faults.pending.map(faultView),
  })),
  'POST /faults': route('injects a fault; answers it with its id', async ({ api }, request) => {
    const body = await readBody(request, z.looseObject({}), 'fault');
    const spec = body.times === ALWAYS ? { ...body, times: Number.POSITIVE_INFINITY } : body;
    return created(
      faultView(api.faults.inject(parseInput(FaultInput, spec, 'fault') as FaultSpec)),
    );
  }),
  'DELETE /faults': route(
    'removes every pending fault (a chaos mode runs on)',
    async ({ api }, request) => {
      await noInput(request);
      const removed = api.faults.pending.map((fault) => {
        fault.remove();
        return fault.id;
      });
      return { removed };
    },
  ),
  'DELETE /faults/:id': route('removes one pending fault', async ({ api }, request, _url, id) => {
    await noInput(request);
    const fault = faultOf(api, id);
    fault.remove();
    return { removed: fault.id };
  }),
  // Chaos: a spec starts it (201), `null` stops it; GET adds the invariants to check after.
  'POST /chaos': route(
    'starts (or, with null, stops) a seeded chaos mode',
    async ({ api }, request) => {
      const spec = await readJson(request);
      if (spec === null) {
        api.faults.chaosMode?.stop();
        return { chaos: null };
      }
      const mode = api.faults.chaos(spec as ChaosSpec);
      return created({ chaos: { spec: mode.spec, stats: mode.stats } });
    },
  ),
  'GET /chaos': route('the chaos mode, its statistics and checkInvariants', ({ api }) => {
    const mode = api.faults.chaosMode;
    return {
      chaos: mode ? { spec: mode.spec, stats: mode.stats } : null,
      invariants: checkInvariants(api),
    };
  }),
};
