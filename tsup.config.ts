import { copyFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'webhooks/index': 'src/webhooks/index.ts',
    'testing/index': 'src/testing/index.ts',
    'testing/cli': 'src/testing/cli.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  // One copy of shared modules (errors, schemas) per format, so `instanceof` works across
  // the three entry points.
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'node22',
  platform: 'neutral',
  // Runtime dependencies and the optional msw peer are never bundled.
  external: ['ky', 'zod', 'uuid', 'msw', 'msw/node', /^node:/],
  treeshake: true,
  // The OpenAPI document (generated into docs/ by `npm run openapi`) ships as
  // `@clinic-scheduling/sdk/openapi.json`.
  onSuccess: () => copyFile('docs/openapi.json', 'dist/openapi.json'),
});
