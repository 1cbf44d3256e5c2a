import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineConfig } from 'tsup';

/**
 * The CommonJS build has no top-level await: there, `src/testing/adapters/msw-peer.ts` (which awaits
 * `import('msw')`) is replaced by `msw-peer.cjs.ts` (which calls `require('msw')`).
 */
const MSW_PEER_CJS = join(import.meta.dirname, 'src', 'testing', 'adapters', 'msw-peer.cjs.ts');

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'webhooks/index': 'src/webhooks/index.ts',
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
  external: ['ky', 'uuid', 'msw', 'msw/node', '@opentelemetry/api', /^node:/],
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
  // `@clinic-scheduling/sdk/openapi.json`.
  onSuccess: () => copyFile('docs/openapi.json', 'dist/openapi.json'),
});
