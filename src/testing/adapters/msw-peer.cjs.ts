/** `msw-peer.ts` for CommonJS (no top-level await), loading the msw the user's `require` gets.
 * @module */
import type * as Msw from 'msw';
import { mswLoadError } from './msw-missing.ts';

let msw: typeof Msw;
try {
  msw = require('msw') as typeof Msw;
} catch (error) {
  throw mswLoadError(error);
}

export const { http, HttpResponse } = msw;
