/**
 * msw, the optional peer dependency, loaded for the MSW adapter (`msw.ts`) with an error that
 * names `npm i -D msw` when it is missing. This is the ES module build's loader (top-level
 * await); the CommonJS build uses `msw-peer.cjs.ts` in its place (see tsup.config.ts).
 *
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
