/** Control routes of the server clock (`api.clock`). @module */
import { ClockAdvance, ClockSet } from '../../server/control-inputs.ts';
import type { ReferenceServer } from '../../server/create.ts';
import { formatUtcInstant } from '../../server/time.ts';
import { readBody, route } from './shared.ts';

// One reading: the clock runs, and two could fall on either side of a second.
const now = (api: ReferenceServer) => {
  const ms = api.clock.now();
  return { now: formatUtcInstant(ms), ms };
};

export const CLOCK_ROUTES = {
  'GET /clock': route('the server clock', ({ api }) => now(api)),
  'POST /clock': route('sets the clock', async ({ api }, request) => {
    await api.clock.set((await readBody(request, ClockSet, 'clock')).now);
    await api.webhooks.settle();
    return now(api);
  }),
  'POST /clock/advance': route(
    'moves the clock forward, running the retries due',
    async ({ api }, request) => {
      await api.clock.advance((await readBody(request, ClockAdvance, 'clock')).ms);
      await api.webhooks.settle();
      return now(api);
    },
  ),
};
