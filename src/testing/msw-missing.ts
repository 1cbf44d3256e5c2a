/**
 * The error for a missing msw: `@clinic-scheduling/sdk/testing/msw` is the one entry that needs
 * the optional peer, and its import should say how to install it rather than fail deep inside
 * the module loader.
 *
 * @module
 */

/** "Cannot find package 'msw'" (Node ESM, Bun), "Cannot find module 'msw'" (CommonJS). */
const MSW_NOT_FOUND = /Cannot find (?:package|module) ["']msw["']/;

/**
 * The error to throw when loading msw failed: a clear one naming `npm i -D msw` when msw is not
 * installed, the original error (a broken msw install, a missing dependency of msw) otherwise.
 */
export function mswLoadError(error: unknown): unknown {
  if (!(error instanceof Error) || !MSW_NOT_FOUND.test(error.message)) return error;
  return new Error(
    '@clinic-scheduling/sdk/testing/msw needs msw (2.10 or later, or 3), which is not installed: ' +
      'run `npm i -D msw`. The reference server itself does not need msw: import ' +
      'createReferenceServer from @clinic-scheduling/sdk/testing and pass api.fetch to the client.',
    { cause: error },
  );
}
