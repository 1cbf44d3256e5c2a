/**
 * Writes test/MAP.md: for each source file of `src/`, the test files to run when it changes.
 * A test counts for a file when it mirrors it (`src/internal/redact.ts` →
 * `test/internal/redact.test.ts`, `redact-*.test.ts`) or imports it: itself, or through the
 * helpers of `test/` and the modules of `scripts/` it imports, or through the package's entry
 * points (`@clinic-scheduling/sdk/testing`, `dist/testing/cli.js`: the entries of
 * tsup.config.ts). A file no test reaches so gets the tests of the nearest `src/` files that
 * import it, named in the map ("through"). Nothing is run: imports are read as text.
 *
 *   node scripts/test-map.ts           rewrites test/MAP.md
 *   node scripts/test-map.ts --check   exits 1 when the committed one differs
 *
 * test/docs/test-map.test.ts runs the same comparison in `npm test`.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/** The committed map. */
export const MAP_PATH = join(ROOT, 'test', 'MAP.md');

/** The command that rewrites it, named by the check that finds it stale. */
export const MAP_COMMAND = 'npm run test:map';

const CODE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;
const posix = (path: string) => path.split(sep).join('/');

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir)).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...walk(path));
    else if (CODE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** tsup's entries (`testing/cli` → `src/testing/cli/cli.ts`), read from tsup.config.ts. */
function buildEntries(): Map<string, string> {
  const config = readFileSync(join(ROOT, 'tsup.config.ts'), 'utf8');
  const entries = new Map<string, string>();
  for (const [, name, source] of config.matchAll(/'?([\w/-]+)'?:\s*'(src\/[\w/.-]+\.ts)'/g)) {
    entries.set(name!, source!);
  }
  return entries;
}

/** The package's subpaths (`@clinic-scheduling/sdk/testing`) → their entry's name (`testing/index`). */
function packageEntries(): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, { import?: { default?: string } }>;
  };
  const out = new Map<string, string>();
  for (const [subpath, conditions] of Object.entries(pkg.exports)) {
    const file = conditions.import?.default;
    const entry = file && /^\.\/dist\/(.+)\.js$/.exec(file)?.[1];
    if (entry) out.set(pkg.name + subpath.slice(1), entry);
  }
  return out;
}

const SPECIFIERS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bvi\.(?:mock|doMock|importActual)\(\s*['"]([^'"]+)['"]/g,
  /\bnew URL\(\s*['"](\.[^'"]+)['"],\s*import\.meta\.url/g,
];
const DIST_PATH = /\bdist\/([\w/-]+)\.c?js\b/g;
const SRC_PATH = /['"`/](src\/[\w/.-]+\.(?:ts|js))\b/g;

/** The files a file names: relative imports resolved, the package and `dist/` as their sources. */
function namedFiles(
  file: string,
  text: string,
  entries: Map<string, string>,
  subpaths: Map<string, string>,
  files: Set<string>,
): Set<string> {
  const exists = (path: string) => files.has(path);
  const out = new Set<string>();
  for (const pattern of SPECIFIERS) {
    for (const [, specifier] of text.matchAll(pattern)) {
      const entry = subpaths.get(specifier!);
      if (entry !== undefined) {
        const source = entries.get(entry);
        if (source) out.add(source);
        continue;
      }
      if (!specifier!.startsWith('.')) continue;
      const base = posix(join(dirname(file), specifier!));
      const tries = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}/index.ts`];
      const found = tries.find(exists);
      if (found) out.add(found);
    }
  }
  for (const [, entry] of text.matchAll(DIST_PATH)) {
    const source = entries.get(entry!);
    if (source) out.add(source);
  }
  for (const [, path] of text.matchAll(SRC_PATH)) if (exists(path!)) out.add(path!);
  // A folder a module names (`'./ui/'`, the console's page) holds files it serves: each counts.
  for (const [, folder] of text.matchAll(/['"](\.\.?\/[\w/-]*\/)['"]/g)) {
    const base = `${posix(join(dirname(file), folder!)).replace(/\/+$/, '')}/`;
    for (const path of [...files].filter((p) => p.startsWith(base))) out.add(path);
  }
  out.delete(file);
  return out;
}

/** Whether `test` mirrors `source` by name: the same folder under test/, the same stem (or stem-*). */
function mirrors(test: string, source: string): boolean {
  const stem = source.replace(/^src\//, 'test/').replace(CODE, '');
  const name = test.replace(/\.test\.ts$/, '');
  return name === stem || name.startsWith(`${stem}-`);
}

/**
 * Each source file and its tests, sorted: `tests` mirror or import it (or, when none does, are
 * the tests of `through`, the nearest modules that import it); `naming` reach it through other
 * modules and name one of its exports.
 */
export interface MapEntry {
  source: string;
  tests: string[];
  naming: string[];
  through: string[];
}

/** A module that only re-exports (`src/index.ts`): importing it is not testing what it lists. */
function isBarrel(text: string): boolean {
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(
      /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*['"][^'"]+['"];?/g,
      '',
    );
  return code.trim() === '';
}

/** The names a module exports itself (`export function x`, `export const { a, b }`, ...). */
function exportedNames(text: string): string[] {
  const out = new Set<string>();
  const declared =
    /\bexport\s+(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+(\w+)/g;
  for (const [, name] of text.matchAll(declared)) out.add(name!);
  for (const [, list] of text.matchAll(/\bexport\s+(?:const|let)\s*\{([^}]*)\}/g)) {
    for (const name of list!.split(',')) if (name.trim()) out.add(name.trim().split(/\s/)[0]!);
  }
  for (const [, list] of text.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}\s*;/g)) {
    for (const name of list!.split(',')) {
      const shown = name
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .replace(/^type\s+/, '');
      if (shown) out.add(shown);
    }
  }
  return [...out];
}

/** The map, computed from the files on disk. */
export function testMap(): MapEntry[] {
  const sources = walk('src');
  const others = [...walk('test'), ...walk('scripts')];
  const all = new Set([...sources, ...others]);
  const entries = buildEntries();
  const subpaths = packageEntries();
  const texts = new Map<string, string>();
  const names = new Map<string, Set<string>>();
  for (const file of all) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    texts.set(file, text);
    names.set(file, namedFiles(file, text, entries, subpaths, all));
  }
  const tests = others.filter((file) => file.endsWith('.test.ts'));
  const testsOf = new Map<string, Set<string>>(sources.map((s) => [s, new Set()]));
  // Each test's reach: every source file it loads, through anything.
  const reach = new Map<string, Set<string>>();
  for (const test of tests) {
    const seen = new Set([test]);
    const queue = [test];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      for (const named of names.get(file) ?? []) {
        if (seen.has(named) || named.endsWith('.test.ts')) continue;
        seen.add(named);
        queue.push(named);
        // Its own: what it names through helpers and scripts, never through src/.
        if (named.startsWith('src/') && !file.startsWith('src/')) testsOf.get(named)?.add(test);
      }
    }
    reach.set(test, seen);
    for (const source of sources) if (mirrors(test, source)) testsOf.get(source)!.add(test);
  }
  // Who imports each source file; a barrel does not stand for what it re-exports, and
  // `x.cjs.ts` (tsup's CommonJS stand-in for `x.ts`, tsup.config.ts) is covered as `x.ts` is.
  const barrels = new Set(sources.filter((s) => isBarrel(texts.get(s)!)));
  const importers = new Map<string, string[]>(sources.map((s) => [s, []]));
  for (const source of sources) {
    if (barrels.has(source)) continue;
    for (const named of names.get(source)!) importers.get(named)?.push(source);
    const twin = source.replace(/\.ts$/, '.cjs.ts');
    if (twin !== source) importers.get(twin)?.push(source);
  }
  // Tests that reach a file through other modules and name one of its exports.
  const namingOf = new Map<string, string[]>();
  for (const source of sources) {
    const own = testsOf.get(source)!;
    // Only names a test would not use for something else: `createReferenceServer`, not `table`.
    const exported = exportedNames(texts.get(source)!)
      .filter((name) => /[A-Z_]/.test(name) && name.length >= 4)
      .map((name) => new RegExp(`\\b${name}\\b`));
    const naming = tests.filter(
      (test) =>
        !own.has(test) &&
        reach.get(test)!.has(source) &&
        exported.some((name) => name.test(texts.get(test)!)),
    );
    namingOf.set(source, naming.sort());
  }
  const covered = (s: string) => testsOf.get(s)!.size + namingOf.get(s)!.length > 0;
  return sources.map((source): MapEntry => {
    if (covered(source)) {
      const tests = [...testsOf.get(source)!].sort();
      return { source, tests, naming: namingOf.get(source)!, through: [] };
    }
    // The nearest importers with tests, breadth first.
    const seen = new Set([source]);
    let layer = [source];
    while (layer.length > 0) {
      const next = [...new Set(layer.flatMap((s) => importers.get(s)!))].filter(
        (s) => !seen.has(s),
      );
      for (const s of next) seen.add(s);
      const tested = next.filter(covered).sort();
      if (tested.length > 0) {
        const found = new Set(tested.flatMap((s) => [...testsOf.get(s)!, ...namingOf.get(s)!]));
        return { source, tests: [...found].sort(), naming: [], through: tested };
      }
      layer = next;
    }
    return { source, tests: [], naming: [], through: [] };
  });
}

const code = (path: string) => `\`${path}\``;

/** test/MAP.md's text. */
export function renderMap(map: MapEntry[] = testMap()): string {
  const list = (tests: string[]) => tests.map((t) => code(t.replace(/^test\//, ''))).join(', ');
  const lines = map.map(({ source, tests, naming, through }) => {
    const parts = [
      ...(through.length > 0 ? [`through ${through.map(code).join(', ')}: ${list(tests)}`] : []),
      ...(through.length === 0 && tests.length > 0 ? [list(tests)] : []),
      ...(naming.length > 0 ? [`naming its exports: ${list(naming)}`] : []),
    ];
    return `| ${code(source)} | ${parts.join('; ') || '**none**'} |`;
  });
  return [
    '# Which tests cover which source file',
    '',
    `Generated by \`${MAP_COMMAND}\` (scripts/test-map.ts); \`npm test\` fails when it is stale`,
    'or when a source file has no test. A test counts for a file when it mirrors its path',
    '(`src/internal/redact.ts`: `test/internal/redact*.test.ts`) or imports it, itself or through',
    "test helpers, `scripts/` and the package's entry points; a file no test imports gets the",
    'tests of the nearest files that import it ("through"). Run them with',
    '`npm test -- <files>`; `npx vitest related <source>` follows every import instead.',
    '',
    '| source | tests (under `test/`) |',
    '| --- | --- |',
    ...lines,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const wanted = renderMap();
  const current = existsSync(MAP_PATH) ? readFileSync(MAP_PATH, 'utf8') : '';
  const shown = relative(ROOT, MAP_PATH);
  if (process.argv.includes('--check')) {
    if (current !== wanted) {
      console.error(`${shown} is stale: run \`${MAP_COMMAND}\``);
      process.exit(1);
    }
    console.log(`${shown} is up to date`);
  } else if (current !== wanted) {
    writeFileSync(MAP_PATH, wanted);
    console.log(`wrote ${shown}`);
  }
}
