/**
 * The dual-package hazard, against the built package (dist/, built first when stale): an error
 * thrown by the CommonJS build is `instanceof` the ESM build's classes and the reverse, across
 * the three entries (root, /webhooks, /testing), and across two copies of the package (a second
 * install, copied into node_modules/.cache so that it resolves the same dependencies).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

/** The three entries of one copy of the package, loaded one way. */
interface Build {
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: the built modules are untyped here
  root: any;
  // biome-ignore lint/suspicious/noExplicitAny: idem
  webhooks: any;
  // biome-ignore lint/suspicious/noExplicitAny: idem
  testing: any;
}

const ENTRIES = { root: 'index', webhooks: 'webhooks/index', testing: 'testing/index' } as const;

function requireBuild(dir: string, label: string): Build {
  const load = (entry: string) => require(join(dir, 'dist', `${entry}.cjs`));
  return {
    label,
    root: load(ENTRIES.root),
    webhooks: load(ENTRIES.webhooks),
    testing: load(ENTRIES.testing),
  };
}

async function importBuild(dir: string, label: string): Promise<Build> {
  const load = (entry: string) => import(pathToFileURL(join(dir, 'dist', `${entry}.js`)).href);
  return {
    label,
    root: await load(ENTRIES.root),
    webhooks: await load(ENTRIES.webhooks),
    testing: await load(ENTRIES.testing),
  };
}

let copy: string;
const builds: Build[] = [];

beforeAll(async () => {
  execFileSync(process.execPath, [join(root, 'scripts/build-if-stale.ts')], { stdio: 'ignore' });
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  copy = mkdtempSync(join(cache, 'dual-package-'));
  cpSync(join(root, 'dist'), join(copy, 'dist'), { recursive: true });
  cpSync(join(root, 'package.json'), join(copy, 'package.json'));
  builds.push(
    requireBuild(root, 'CommonJS'),
    await importBuild(root, 'ESM'),
    requireBuild(copy, 'CommonJS of a second copy'),
    await importBuild(copy, 'ESM of a second copy'),
  );
}, 120_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** Errors each build really throws, from each of its three entries, with their class names. */
async function thrown(build: Build) {
  const catching = async (run: () => unknown) => {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error(`${build.label}: nothing was thrown`);
  };
  const api = build.testing.createReferenceServer({ baseUrl: 'https://clinic.test' });
  const client = new build.root.ClinicClient({
    apiKey: api.issueApiKey({ preset: 'full_access' }),
    baseUrl: 'https://clinic.test',
    fetch: api.fetch,
    maxRetries: 0,
  });
  return [
    {
      entry: 'root',
      error: await catching(() => new build.root.ClinicClient({ apiKey: 'not a key' })),
      classes: { root: ['ClinicError', 'ConfigurationError'] },
    },
    {
      entry: 'root',
      error: await catching(() => client.patients.retrieve(987_654)),
      classes: { root: ['ClinicError', 'APIError', 'NotFoundError'] },
    },
    {
      entry: 'webhooks',
      error: await catching(() => build.webhooks.parseWebhookEvent('not json')),
      classes: { root: ['ClinicError'], webhooks: ['WebhookPayloadError'] },
    },
    {
      entry: 'webhooks',
      error: await catching(() =>
        build.webhooks.createWebhookHandler({ verify: 'unsigned', ackAfterMs: -1 }),
      ),
      classes: { root: ['ClinicError', 'ConfigurationError'] },
    },
    {
      entry: 'testing',
      error: await catching(() =>
        api.webhooks.register({ url: 'http://localhost/hook', events: ['appointment.created'] }),
      ),
      classes: { root: ['ClinicError'], testing: ['WebhookUrlError'] },
    },
    {
      entry: 'testing',
      error: new build.testing.ReferenceNetworkError('networkError'),
      classes: { testing: ['ReferenceNetworkError'] },
    },
  ] as const;
}

describe('instanceof across builds and copies of the package', () => {
  it('every error thrown by one build is instanceof its classes in every build, and of no other class', async () => {
    const checked: string[] = [];
    for (const thrower of builds) {
      for (const { entry, error, classes } of await thrown(thrower)) {
        for (const checker of builds) {
          for (const [where, names] of Object.entries(classes) as [keyof Build, string[]][]) {
            for (const name of names) {
              const what = `${thrower.label} ${entry} ${(error as Error).name} instanceof ${checker.label} ${where}.${name}`;
              expect(error instanceof checker[where][name], what).toBe(true);
              checked.push(what);
            }
          }
          // Not every class: a NotFoundError is no ValidationError in any copy.
          expect(error instanceof checker.root.ValidationError).toBe(false);
          expect(error instanceof checker.webhooks.WebhookVerificationError).toBe(false);
        }
      }
    }
    expect(checked).toHaveLength(4 * 4 * 12);
  });

  it('a plain Error is none of them; a class derived by the user keeps ordinary instanceof', () => {
    for (const checker of builds) {
      expect(new Error('x') instanceof checker.root.ClinicError).toBe(false);
      expect(new TypeError('fetch failed') instanceof checker.testing.ReferenceNetworkError).toBe(
        false,
      );
      expect((null as unknown) instanceof checker.root.ClinicError).toBe(false);
      const Base: new (message: string) => Error = checker.root.ClinicError;
      class MyError extends Base {}
      const mine = new MyError('mine');
      for (const other of builds) {
        expect(mine instanceof other.root.ClinicError).toBe(true);
        expect(new other.root.ClinicError('not mine') instanceof MyError).toBe(false);
        expect(new other.root.ConfigurationError('no') instanceof MyError).toBe(false);
      }
    }
  });
});
