/**
 * The input half of agreement.ts, written from the operation table (src/operations.ts) into
 * generated/inputs.ts by run.ts, so that a new operation's body and filters are compared with
 * the OpenAPI document without an entry here: for each row with a body, the document's request
 * body and the resource method's body parameter (as sent on the wire); for each row whose query
 * has filters, the document's query parameters of those names and the method's query type.
 * A pair that disagrees is a compile error on a line that names the row.
 *
 *   node .ci/contract/inputs.ts      (prints the file)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { methodOf, resourceOf } from '../../scripts/docs-tables.ts';
import { OPERATION_ROWS, type OperationRow } from '../../src/operations.ts';

/** The filters of a row's query schema: its members' names. */
const filtersOf = (row: OperationRow): string[] =>
  Object.keys((row.query as { shape?: object } | undefined)?.shape ?? {});

/** The source of generated/inputs.ts. */
export function inputsAgreement(): string {
  const lines: string[] = [];
  for (const row of OPERATION_ROWS) {
    const method = `sdk.ClinicClient['${resourceOf(row)}']['${methodOf(row)}']`;
    const position = row.id ? 1 : 0;
    if (row.input) {
      const body = `NonNullable<operations['${row.name}']['requestBody']>['content']['application/json']`;
      lines.push(
        `  // ${row.name}: ${row.method} ${row.path}'s body`,
        `  Agree<Same<${body}, Wire<Parameters<${method}>[${position}]>>>,`,
      );
    }
    const filters = filtersOf(row);
    if (filters.length > 0) {
      const query = `NonNullable<operations['${row.name}']['parameters']['query']>`;
      const params = `NonNullable<Parameters<${method}>[${position}]>`;
      const names = filters.map((f) => `'${f}'`).join(' | ');
      lines.push(
        `  // ${row.name}: ${row.method} ${row.path}'s filters; the SDK also passes other keys through`,
        `  Agree<Same<Pick<${query}, ${names}>, Pick<${params}, ${names}>>>,`,
        `  Agree<${query} extends ${params} ? true : false>,`,
      );
    }
  }
  return [
    '// Written by .ci/contract/inputs.ts from src/operations.ts: do not edit.',
    "import type * as sdk from '@clinic-scheduling/sdk';",
    "import type { Agree, Same, Wire } from '../agreement.ts';",
    "import type { operations } from './openapi.ts';",
    '',
    '// Inputs, as sent on the wire: one pair per body and per query with filters.',
    'export type Inputs = [',
    ...lines,
    '];',
    '',
  ].join('\n');
}

/** Writes generated/inputs.ts (run.ts calls it before tsc). */
export function writeInputsAgreement(): void {
  writeFileSync(join(import.meta.dirname, 'generated', 'inputs.ts'), inputsAgreement());
}

if (import.meta.main) process.stdout.write(inputsAgreement());
