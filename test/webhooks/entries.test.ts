/**
 * What each webhooks entry of the build loads: the Fetch entry (`/webhooks`, the one an edge
 * worker bundles) no Node.js module, no queue library and no OpenTelemetry; `bullmq` only from
 * `/webhooks/bullmq`; `pg-boss` from no entry at run time (its adapter takes your instance).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertBuilt, ROOT } from '../examples/run.ts';

/** Every bare specifier imported by `file` and the chunks it imports, transitively. */
function bareImports(file: string, seen = new Set<string>()): Set<string> {
  const bare = new Set<string>();
  if (seen.has(file)) return bare;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  // Import statements only (lines that start with `import`), not texts that mention a package.
  for (const [, specifier] of text.matchAll(/^import\b[^'"]*['"]([^'"]+)['"]/gm)) {
    if (specifier!.startsWith('.')) {
      for (const inner of bareImports(join(dirname(file), specifier!), seen)) bare.add(inner);
    } else bare.add(specifier!);
  }
  return bare;
}

describe('the webhooks entries of the build', () => {
  it('/webhooks loads no node: module, queue library or OpenTelemetry; the adapters only their own peer', () => {
    assertBuilt();
    const entry = (name: string) => [...bareImports(join(ROOT, 'dist', 'webhooks', `${name}.js`))];
    expect(
      entry('index').filter((s) => /^node:|bullmq|pg-boss|ioredis|^pg$|opentelemetry/.test(s)),
    ).toEqual([]);
    expect(entry('bullmq').filter((s) => !['ky', 'uuid'].includes(s))).toEqual(['bullmq']);
    expect(entry('pg-boss').filter((s) => !['ky', 'uuid'].includes(s))).toEqual([]);
  });
});
