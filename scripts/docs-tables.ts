/**
 * Writes the table of the operations in docs/getting-started.md from the operation table
 * (src/operations.ts): each row's call, method and path, and what it returns. The table sits
 * between the `<!-- operations:start -->` and `<!-- operations:end -->` marks.
 *
 *   node scripts/docs-tables.ts           rewrites the table
 *   node scripts/docs-tables.ts --check   exits 1 when the committed table differs
 *
 * test/docs/operations-table.test.ts runs the same comparison in `npm test`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as z from 'zod';
import { OPERATION_ROWS, type OperationRow } from '../src/operations.ts';
import { schemaName } from './openapi.ts';

/** The page whose table this writes. */
export const GETTING_STARTED = join(import.meta.dirname, '..', 'docs', 'getting-started.md');

const START = '<!-- operations:start -->';
const END = '<!-- operations:end -->';

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

/** `text` with the table between the marks replaced by the generated one. */
export function withTable(text: string): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${GETTING_STARTED} lacks ${START} … ${END}`);
  return `${text.slice(0, start + START.length)}\n${renderTable()}\n${text.slice(end)}`;
}

if (import.meta.main) {
  const current = readFileSync(GETTING_STARTED, 'utf8');
  const text = withTable(current);
  if (process.argv.includes('--check')) {
    if (current !== text) {
      console.error(
        'docs/getting-started.md: the operations table is stale: run `npm run docs:tables`',
      );
      process.exit(1);
    }
    console.log('docs/getting-started.md: the operations table is up to date');
  } else {
    writeFileSync(GETTING_STARTED, text);
    console.log(`wrote the operations table of ${GETTING_STARTED}`);
  }
}
