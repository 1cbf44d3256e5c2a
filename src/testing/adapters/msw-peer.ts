/** Loads msw, the optional peer, or says `npm i -D msw`; tsup swaps in `msw-peer.cjs.ts` for CJS.
 * @module */
import type * as Msw from 'msw';
import { mswLoadError } from './msw-missing.ts';

let msw: typeof Msw;
try {
  msw = await import('msw');
} catch (error) {
  throw mswLoadError(error);
}

export const { http, HttpResponse } = msw;
