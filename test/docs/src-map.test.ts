/**
 * src/README.md, the map of the sources: it names every top-level file and folder of src/, and
 * the import direction it states holds (`npm run check:cycles` finds the cycles).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Each src file (relative to src/) and the src files it imports, type imports included. */
const IMPORTS = new Map(
  files(SRC).map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+\.ts)'/g)].map((m) =>
      relative(SRC, join(dirname(file), m[1]!)),
    );
    return [relative(SRC, file), targets] as const;
  }),
);

/** The imports of the files under `from` that fall outside `allowed`. */
function outside(from: (file: string) => boolean, allowed: (target: string) => boolean) {
  return [...IMPORTS].flatMap(([file, targets]) =>
    from(file) ? targets.filter((t) => !allowed(t)).map((t) => `${file} → ${t}`) : [],
  );
}

const ENTRIES = ['index.ts', 'webhooks/index.ts', 'testing/index.ts', 'testing/adapters/msw.ts'];

describe('src/README.md', () => {
  const map = readFileSync(join(SRC, 'README.md'), 'utf8');

  it.each(readdirSync(SRC).filter((name) => name !== 'README.md'))('names %s', (name) => {
    expect(map).toMatch(new RegExp(`\`${name.replace('.', '\\.')}[/\`]`));
  });

  it('reads every import of src (the check below sees them all)', () => {
    expect([...IMPORTS.values()].flat().length).toBeGreaterThan(300);
  });

  it('states the import direction that holds', () => {
    expect({
      'nothing imports an entry point': outside(
        () => true,
        (t) => !ENTRIES.includes(t),
      ),
      'client.ts is imported by index.ts only': outside(
        (f) => f !== 'index.ts',
        (t) => t !== 'client.ts',
      ),
      'resources/ use core/, operations.ts and schemas/': outside(
        (f) => f.startsWith('resources/'),
        (t) => /^(core\/|schemas\/|operations\.ts$)/.test(t),
      ),
      'operations.ts uses schemas/ and internal/type-equality.ts': outside(
        (f) => f === 'operations.ts',
        (t) => /^(schemas\/|internal\/type-equality\.ts$)/.test(t),
      ),
      'schemas/ use the two leaves of internal/ only': outside(
        (f) => f.startsWith('schemas/'),
        (t) => /^(schemas\/|internal\/(wire|type-equality)\.ts$)/.test(t),
      ),
      'internal/wire.ts and internal/type-equality.ts are leaves': outside(
        (f) => /^internal\/(wire|type-equality)\.ts$/.test(f),
        () => false,
      ),
      'core/ and internal/ never use resources/': outside(
        (f) => /^(core|internal)\//.test(f),
        (t) => !t.startsWith('resources/'),
      ),
      'webhooks/ never uses testing/': outside(
        (f) => f.startsWith('webhooks/'),
        (t) => !t.startsWith('testing/'),
      ),
    }).toEqual({
      'nothing imports an entry point': [],
      'client.ts is imported by index.ts only': [],
      'resources/ use core/, operations.ts and schemas/': [],
      'operations.ts uses schemas/ and internal/type-equality.ts': [],
      'schemas/ use the two leaves of internal/ only': [],
      'internal/wire.ts and internal/type-equality.ts are leaves': [],
      'core/ and internal/ never use resources/': [],
      'webhooks/ never uses testing/': [],
    });
  });
});
