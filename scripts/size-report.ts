/**
 * Size report: for each entry of the package, its own code minified and gzipped.
 *
 * "Own code" is the entry's source (tsup.config.ts names it) bundled and minified with esbuild;
 * the runtime dependencies (ky, zod, uuid), the optional peers and node: built-ins stay external,
 * since an application pays for them once whatever it imports. The source, not dist/, because
 * dist/ carries the zod it bundles. Every export of the entry is kept: this is what importing
 * all of it costs.
 *
 *   node scripts/size-report.ts            prints the table; exits 1 when an entry is over budget
 *   node scripts/size-report.ts --json     the same as JSON
 *
 * Budget: the root entry's own code at most 11.5 KB (11,776 bytes) min+gz: a regression guard
 * (the code is what the requirements call for), enforced by `npm run release:check`; CI reports it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import tsupConfig, { CONSOLE_BUILD } from '../tsup.config.ts';

const root = join(import.meta.dirname, '..');
const KB = 1024;

/** Min+gz budget per entry, in bytes; an entry without one is reported only. */
const BUDGETS: Record<string, number> = { '.': 11.5 * KB };

// esbuild comes with tsup (a devDependency); resolve it from there rather than relying on
// where npm happened to hoist it.
const requireFromTsup = createRequire(createRequire(import.meta.url).resolve('tsup'));
const esbuild = requireFromTsup('esbuild') as typeof import('esbuild');

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
].flatMap((name) => [name, `${name}/*`]);

export interface SizeRow {
  entry: string;
  file: string;
  /** Bytes of the source files the entry bundles (comments included). */
  built: number;
  minified: number;
  gzipped: number;
  budget: number | undefined;
}

/** The source file tsup builds `dist/<name>.js` from. */
function sourceOf(file: string): string {
  const entries: Record<string, string> = {
    ...(tsupConfig as { entry: Record<string, string> }).entry,
    ...CONSOLE_BUILD.entry,
  };
  const source = entries[file.replace(/^\.\/dist\//, '').replace(/\.js$/, '')];
  if (!source) throw new Error(`size-report: tsup.config.ts has no entry for ${file}`);
  return source;
}

/** Measures every entry of package.json `exports` that has an ESM build. */
export async function measure(): Promise<SizeRow[]> {
  const rows: SizeRow[] = [];
  for (const [entry, target] of Object.entries(pkg.exports as Record<string, unknown>)) {
    const file = (target as { import?: { default?: string } })?.import?.default;
    if (!file) continue;
    const source = sourceOf(file);
    const result = await esbuild.build({
      entryPoints: [join(root, source)],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2023',
      external: [...external, 'node:*'],
      write: false,
      metafile: true,
      logLevel: 'error',
    });
    const code = result.outputFiles[0]!.contents;
    const built = Object.values(result.metafile.inputs).reduce((sum, i) => sum + i.bytes, 0);
    rows.push({
      entry,
      file,
      built,
      minified: code.byteLength,
      gzipped: gzipSync(code, { level: 9 }).byteLength,
      budget: BUDGETS[entry],
    });
  }
  return rows;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;

/** The table, as Markdown. */
export function table(rows: SizeRow[]): string {
  const lines = [
    '| entry | source | minified | min+gz | budget (min+gz) |',
    '|---|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const budget =
      r.budget === undefined ? '-' : `${kb(r.budget)} ${r.gzipped <= r.budget ? 'ok' : 'OVER'}`;
    const name = r.entry === '.' ? pkg.name : `${pkg.name}${r.entry.slice(1)}`;
    lines.push(
      `| \`${name}\` | ${kb(r.built)} | ${kb(r.minified)} | ${kb(r.gzipped)} | ${budget} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.main) {
  const rows = await measure();
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else {
    console.log(
      'Own code per entry (dependencies and the msw peer excluded), esbuild minify, gzip -9:\n',
    );
    console.log(table(rows));
  }
  const over = rows.filter((r) => r.budget !== undefined && r.gzipped > r.budget);
  for (const r of over) {
    console.error(
      `size: ${r.entry} is ${kb(r.gzipped)} min+gz, over its budget of ${kb(r.budget!)}`,
    );
  }
  if (over.length > 0) process.exit(1);
}
