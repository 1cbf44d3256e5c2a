import { copyFile, cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { build, defineConfig, type Options } from 'tsup';

/**
 * The CommonJS build has no top-level await: there, `src/testing/adapters/msw-peer.ts` (which awaits
 * `import('msw')`) is replaced by `msw-peer.cjs.ts` (which calls `require('msw')`).
 */
const MSW_PEER_CJS = join(import.meta.dirname, 'src', 'testing', 'adapters', 'msw-peer.cjs.ts');

// The console's page and files (Node.js only; the CLI loads it lazily) are built on their own,
// after the rest: an entry of the main build (below) would share chunks with the others and move code
// between them, and the root entry's weight must not depend on the console.
export const CONSOLE_BUILD = {
  entry: { 'testing/console': 'src/testing/console/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  splitting: false,
  sourcemap: true,
  esbuildOptions(options) {
    options.sourcesContent = false;
    // The CommonJS build finds its files from __filename; import.meta is read only in ESM.
    options.logOverride = { 'empty-import-meta': 'silent' };
  },
  clean: false,
  target: 'node22',
  platform: 'neutral',
  external: [/^node:/],
  config: false,
  silent: true,
} satisfies Options;

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'webhooks/index': 'src/webhooks/index.ts',
    // The queue adapters: the only entries that load bullmq or name pg-boss (optional peers).
    'webhooks/bullmq': 'src/webhooks/queue/bullmq.ts',
    'webhooks/pg-boss': 'src/webhooks/queue/pg-boss.ts',
    'testing/index': 'src/testing/index.ts',
    // The one entry that imports msw (the optional peer): /testing itself never loads it.
    'testing/msw': 'src/testing/adapters/msw.ts',
    'testing/cli': 'src/testing/cli/cli.ts',
    'testing/probe-cli': 'src/testing/probe/bin.ts',
  },
  format: ['esm', 'cjs'],
  // Declarations leave out what is marked `@internal` (the client's call helpers, the
  // constructors users never call), so editors do not offer it.
  dts: { compilerOptions: { stripInternal: true } },
  // One copy of shared modules (errors, schemas) per format, so `instanceof` works across
  // the entry points.
  splitting: true,
  // Source maps for stack traces that point at the TypeScript source, without the sources
  // embedded in them: the maps name ../src/*.ts, shipped in the tarball (package.json files).
  sourcemap: true,
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
  clean: true,
  target: 'node22',
  platform: 'neutral',
  // zod is bundled, tree-shaken: loading it as a package costs 95 modules (64 of them locales the
  // SDK never uses), about 40 % of the cold import. Its costs (a second copy beside the user's own,
  // zod fixes arriving with our releases) are written down in docs/runtimes.md; the declarations
  // still import `zod`, which stays a dependency. ky, uuid and the optional msw peer stay external.
  noExternal: ['zod'],
  // @opentelemetry/api is passed in by the application (the openTelemetry option), never
  // imported; listed so that no later import could bundle it.
  external: ['ky', 'uuid', 'msw', 'msw/node', '@opentelemetry/api', 'bullmq', 'pg-boss', /^node:/],
  treeshake: true,
  esbuildPlugins: [
    {
      name: 'msw-peer-cjs',
      setup(build) {
        // tsup builds each format with its own esbuild run and names it in this define.
        if (build.initialOptions.define?.TSUP_FORMAT !== '"cjs"') return;
        build.onResolve({ filter: /[\\/]msw-peer\.ts$/ }, () => ({ path: MSW_PEER_CJS }));
      },
    },
  ],
  // The OpenAPI document (generated into docs/ by `npm run openapi`) ships as
  // `@clinic-scheduling/sdk/openapi.json`. And `npm run demo`'s file, examples/quickstart.ts,
  // becomes the `clinic-scheduling-demo` command of the installed package: Node does not strip
  // types under node_modules. Built after the entries (a build of its own, so that the first
  // one's `clean` cannot race it), ESM only (it awaits at top level), importing the package by
  // its name as the example does.
  onSuccess: async () => {
    await copyFile('docs/openapi.json', 'dist/openapi.json');
    // The settings document's JSON Schema (`npm run docs:tables`), for editors and validators.
    await mkdir('dist/testing', { recursive: true });
    await copyFile('docs/settings.schema.json', 'dist/testing/settings.schema.json');
    await build({
      config: false,
      entry: { demo: 'examples/quickstart.ts' },
      format: ['esm'],
      outDir: 'dist',
      target: 'node22',
      platform: 'node',
      external: [/^@clinic-scheduling\/sdk(\/|$)/],
      banner: { js: '#!/usr/bin/env node' },
      clean: false,
      dts: false,
      silent: true,
    });
    await build(CONSOLE_BUILD);
    // The console's files, read at run time beside its module (dist/testing/console.js).
    await cp('src/testing/console/ui', 'dist/testing/ui', { recursive: true });
  },
});
