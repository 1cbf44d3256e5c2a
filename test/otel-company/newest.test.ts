/**
 * examples/opentelemetry-otlp.ts on the NEWEST releases of OpenTelemetry (issue 37, item 6): a
 * scratch project installs the packed SDK with the `latest` `@opentelemetry/api`, `sdk-node`,
 * `auto-instrumentations-node`, `sdk-metrics`, the OTLP/HTTP exporters and pino from the
 * registry, runs the example there against the reference server and a collector here, and
 * items 1 to 5 hold on what they received (assertions.ts), as with the pinned packages.
 *
 * It needs the registry and a minute: `npm test` leaves it out; `.ci/run` runs it with the other
 * long suites (`npm run test:long`), or alone: `npm run test:otel-newest`.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCpf } from '../../src/testing/index.ts';
import { assertBuilt, ROOT } from '../examples/run.ts';
import { assertInCompany, secretsOf } from './assertions.ts';
import { EXAMPLE_PATIENT, runExampleInCompany } from './run.ts';

/** What the example imports besides the SDK, each at its `latest` tag. */
const NEWEST = [
  '@opentelemetry/api',
  '@opentelemetry/sdk-node',
  '@opentelemetry/auto-instrumentations-node',
  '@opentelemetry/sdk-metrics',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/exporter-metrics-otlp-http',
  'pino',
];

describe('examples/opentelemetry-otlp.ts on the newest OpenTelemetry releases', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'clinic-otel-newest-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('beside auto-instrumentation: items 1 to 5 hold on what the collector and the service received', async () => {
    assertBuilt();
    // npm on the pinned Node.js: it picks each package's newest release for that Node.js.
    const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` };
    const npm = (args: string[], cwd: string) =>
      execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const [packed] = JSON.parse(
      npm(['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], ROOT),
    ) as { filename: string }[];
    writeFileSync(join(scratch, 'package.json'), '{ "private": true, "type": "module" }\n');
    npm(
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        join(scratch, packed!.filename),
        ...NEWEST.map((name) => `${name}@latest`),
      ],
      scratch,
    );
    const versions = NEWEST.map((name) => {
      const manifest = join(scratch, 'node_modules', name, 'package.json');
      return `${name}@${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`;
    });
    console.log(`[otel-newest] installed: ${versions.join(', ')}`);
    copyFileSync(join(ROOT, 'examples/opentelemetry-otlp.ts'), join(scratch, 'example.ts'));

    const { run, seen, apiKey } = await runExampleInCompany('example.ts', scratch);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    assertInCompany(seen, secretsOf(apiKey, [...EXAMPLE_PATIENT, generateCpf(37)]));
  }, 300_000);
});
