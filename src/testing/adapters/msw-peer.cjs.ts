/**
 * `msw-peer.ts` for the CommonJS build, which has no top-level await: `require` loads msw's
 * CommonJS build, the same one as the user's own `require('msw/node')`.
 * @module
 */
import type * as Msw from 'msw';
import { mswLoadError } from './msw-missing.ts';

let msw: typeof Msw;
try {
  msw = require('msw') as typeof Msw;
} catch (error) {
  throw mswLoadError(error);
}

export const { http, HttpResponse } = msw;
