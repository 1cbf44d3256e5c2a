/** The error for a missing msw: how to install it, not a failure deep in the loader. @module */

/** "Cannot find package 'msw'" (Node ESM, Bun), "Cannot find module 'msw'" (CommonJS). */
const MSW_NOT_FOUND = /Cannot find (?:package|module) ["']msw["']/;

/** An error naming `npm i -D msw` when msw is missing; else the original (a broken install). */
export function mswLoadError(error: unknown): unknown {
  if (!(error instanceof Error) || !MSW_NOT_FOUND.test(error.message)) return error;
  return new Error(
    '@clinic-scheduling/sdk/testing/msw needs msw (2.10 or later, or 3), which is not installed: ' +
      'run `npm i -D msw`. The reference server itself does not need msw: import ' +
      'createReferenceServer from @clinic-scheduling/sdk/testing and pass api.fetch to the client.',
    { cause: error },
  );
}
