/**
 * The CommonJS build's `msw-peer.ts` (tsup.config.ts substitutes it): CommonJS has no
 * top-level await, so msw is loaded with `require`, which finds msw's CommonJS build, the one
 * the user's own `require('msw/node')` loads.
 *
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
