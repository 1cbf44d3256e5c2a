/**
 * Writes the docs' generated parts, each between `<!-- NAME:start -->` and `<!-- NAME:end -->`:
 * the operations table of docs/getting-started.md, the retry table of
 * docs/idempotency-and-retries.md, the unstated success statuses of docs/openapi.md and the
 * list filters of docs/pagination.md, from the operation table (src/operations.ts);
 * the reference server's settings in the README, docs/testing-settings.md and
 * docs/testing-assumptions.md, from the settings' definitions (`scripts/settings-tables.ts`);
 * the webhook metrics of docs/webhooks-operations.md, from their definitions (`scripts/metrics-tables.ts`);
 * and docs/settings.schema.json, the settings document's JSON Schema.
 *
 *   node scripts/docs-tables.ts           rewrites them
 *   node scripts/docs-tables.ts --check   exits 1 when a committed one differs
 *
 * test/docs/operations-table.test.ts, test/docs/settings-tables.test.ts and
 * test/docs/metrics-tables.test.ts run the same comparison in `npm test`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type * as z from 'zod';
import { isRetryableStatus } from '../src/internal/retry.ts';
import { OPERATION_ROWS, type OperationRow } from '../src/operations.ts';
import { renderWebhookMetrics } from './metrics-tables.ts';
import { schemaName } from './openapi.ts';
import {
  renderAssumptions,
  renderDocument,
  renderJsonSchema,
  renderMembers,
  renderReadme,
  SETTINGS_SCHEMA_PATH,
} from './settings-tables.ts';

const ROOT = join(import.meta.dirname, '..');

/** The page whose operations table this writes. */
export const GETTING_STARTED = join(ROOT, 'docs', 'getting-started.md');

/** The client's property of a row's resource: `/appointment-types` → `appointmentTypes`. */
export function resourceOf(row: OperationRow): string {
  return row.path.split('/')[1]!.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** The resource method of a row: its name without its resource's noun (`listRooms` → `list`,
 * `retrieveAppointmentType` → `retrieve`). */
export function methodOf(row: OperationRow): string {
  const resource = resourceOf(row);
  const noun = resource[0]!.toUpperCase() + resource.slice(1).replace(/s$/, '');
  return row.name.replace(new RegExp(`${noun}s?`), '');
}

function call(row: OperationRow): string {
  const filters = Object.keys((row.query as Partial<z.ZodObject> | undefined)?.shape ?? {});
  const args = [
    ...(row.id ? ['id'] : []),
    ...(row.input ? ['body'] : []),
    ...(filters.length ? [`{ ${filters.map((f) => `${f}?`).join(', ')} }`] : []),
    ...(row.replay ? ['{ idempotencyKey? }'] : []),
  ];
  return `clinic.${resourceOf(row)}.${methodOf(row)}(${args.join(', ')})`;
}

/** The Markdown table, one line per row in the table's order. */
export function renderTable(): string {
  const lines = OPERATION_ROWS.map((row) => {
    const type = schemaName(row.response);
    const returns = row.kind === 'list' ? `Paginator<${type}>` : type;
    return `| \`${call(row)}\` | ${row.method} ${row.path} | \`${returns}\` |`;
  });
  return ['| call | HTTP | returns |', '|---|---|---|', ...lines].join('\n');
}

/** Each generated part: its file, its marks' name and what renders it. */
/** The page whose retry table this writes. */
const RETRIES_PAGE = join(ROOT, 'docs', 'idempotency-and-retries.md');

/**
 * The retry table of docs/idempotency-and-retries.md: the rows grouped by what their policy
 * retries (`internal/retry.ts`'s own test of a status), every GET on one line.
 */
export function renderRetries(): string {
  const cell = (retried: boolean, strong: boolean) =>
    retried ? 'retried' : strong ? '**no**' : 'no';
  const line = (label: string, policy: OperationRow['retry']) => {
    const safe = policy === 'safe';
    const cells = [
      cell(safe, !safe),
      cell(isRetryableStatus(policy, 408), !safe),
      cell(isRetryableStatus(policy, 429), !safe),
      cell(isRetryableStatus(policy, 503), !safe),
      cell(isRetryableStatus(policy, 400), false),
    ];
    return `| ${label} | ${cells.join(' | ')} |`;
  };
  const groups = new Map<string, { policy: OperationRow['retry']; calls: string[] }>();
  for (const row of OPERATION_ROWS) {
    const get = row.method === 'GET';
    const key = get ? `GET ${row.retry}` : `${row.retry} ${row.replay} ${row.method}`;
    const call = `\`${resourceOf(row)}.${methodOf(row)}\`${row.replay ? ' (with its Idempotency-Key)' : ''}`;
    const group = groups.get(key) ?? { policy: row.retry, calls: [] };
    group.calls.push(get ? 'every GET' : call);
    groups.set(key, group);
  }
  return [
    '| call | connection error, timeout | 408 | 429 | 5xx | other 4xx |',
    '|---|---|---|---|---|---|',
    ...[...groups.values()].map(({ policy, calls }) =>
      line([...new Set(calls)].join(', '), policy),
    ),
  ].join('\n');
}

/** The page whose table of unstated success statuses this writes. */
const OPENAPI_PAGE = join(ROOT, 'docs', 'openapi.md');

/** The success statuses the spec does not show (a row's `doc.notShown` says so): each row's pick. */
export function renderSuccessStatuses(): string {
  const picked = OPERATION_ROWS.filter((row) =>
    row.doc.notShown?.some((words) => /success status/.test(words)),
  );
  return [
    '| operation | open in the spec | in the document |',
    '|---|---|---|',
    ...picked.map(
      (row) => `| \`${row.method} ${row.path}\` | the success status | ${row.status} |`,
    ),
  ].join('\n');
}

/** The page whose table of list filters this writes. */
const PAGINATION_PAGE = join(ROOT, 'docs', 'pagination.md');

/** Each list's filters: its query schema's members with their descriptions; lists without any on one line. */
export function renderListFilters(): string {
  const lines: string[] = [];
  const none: string[] = [];
  for (const row of OPERATION_ROWS.filter((r) => r.kind === 'list')) {
    const shape = (row.query as Partial<z.ZodObject> | undefined)?.shape ?? {};
    const filters = Object.entries(shape as Record<string, z.ZodType>).map(
      ([name, schema]) =>
        `\`${name}\`${schema.description ? ` (${schema.description.replace(/\.$/, '').toLowerCase()})` : ''}`,
    );
    const call = `\`${resourceOf(row)}.${methodOf(row)}\``;
    if (filters.length === 0) none.push(call);
    else lines.push(`| ${call} | ${filters.join(', ')} |`);
  }
  return [
    '| list | query keys (spec) |',
    '|---|---|',
    ...lines,
    ...(none.length ? [`| ${none.join(', ')} | none |`] : []),
  ].join('\n');
}

export const GENERATED = [
  { file: GETTING_STARTED, name: 'operations', render: renderTable },
  { file: RETRIES_PAGE, name: 'retries', render: renderRetries },
  { file: OPENAPI_PAGE, name: 'success-statuses', render: renderSuccessStatuses },
  { file: PAGINATION_PAGE, name: 'list-filters', render: renderListFilters },
  { file: join(ROOT, 'README.md'), name: 'settings', render: renderReadme },
  { file: join(ROOT, 'docs', 'testing-settings.md'), name: 'document', render: renderDocument },
  {
    file: join(ROOT, 'docs', 'testing-settings.md'),
    name: 'server-settings',
    render: () => renderMembers('server'),
  },
  {
    file: join(ROOT, 'docs', 'testing-settings.md'),
    name: 'clinic-settings',
    render: () => renderMembers('clinic'),
  },
  {
    file: join(ROOT, 'docs', 'testing-assumptions.md'),
    name: 'not-shown',
    render: renderAssumptions,
  },
  {
    file: join(ROOT, 'docs', 'webhooks-operations.md'),
    name: 'webhook-metrics',
    render: renderWebhookMetrics,
  },
] as const;

/** `text` (the content of `file`) with every generated part of that file replaced. */
export function withGenerated(file: string, text: string): string {
  let out = text;
  for (const part of GENERATED.filter((g) => g.file === file)) {
    const start = `<!-- ${part.name}:start -->`;
    const end = `<!-- ${part.name}:end -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from === -1 || to < from) throw new Error(`${file} lacks ${start} … ${end}`);
    out = `${out.slice(0, from + start.length)}\n${part.render()}\n${out.slice(to)}`;
  }
  return out;
}

/** `text` with the operations table between its marks replaced by the generated one. */
export function withTable(text: string): string {
  return withGenerated(GETTING_STARTED, text);
}

/** Every generated file: its path, what it holds and what it should hold. */
export function generatedFiles(): { path: string; current: string; wanted: string }[] {
  const pages = [...new Set(GENERATED.map((g) => g.file))].map((path) => {
    const current = readFileSync(path, 'utf8');
    return { path, current, wanted: withGenerated(path, current) };
  });
  const schema = SETTINGS_SCHEMA_PATH;
  let current = '';
  try {
    current = readFileSync(schema, 'utf8');
  } catch {}
  return [...pages, { path: schema, current, wanted: renderJsonSchema() }];
}

if (import.meta.main) {
  const files = generatedFiles();
  const stale = files.filter((f) => f.current !== f.wanted);
  if (process.argv.includes('--check')) {
    for (const f of stale) {
      console.error(`${relative(ROOT, f.path)} is stale: run \`npm run docs:tables\``);
    }
    if (stale.length > 0) process.exit(1);
    console.log(`the generated parts of ${files.length} files are up to date`);
  } else {
    for (const f of stale) {
      writeFileSync(f.path, f.wanted);
      console.log(`wrote ${relative(ROOT, f.path)}`);
    }
  }
}
