/**
 * msw, the optional peer, for `msw.ts`: an error naming `npm i -D msw` when it is missing. The ES
 * build's loader (top-level await); tsup.config.ts swaps in `msw-peer.cjs.ts` for CommonJS.
 * @module
 */
import type * as Msw from 'msw';
import { mswLoadError } from './msw-missing.ts';

let msw: typeof Msw;
try {
  msw = await import('msw');
} catch (error) {
  throw mswLoadError(error);
}

export const { http, HttpResponse } = msw;
