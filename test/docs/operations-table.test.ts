/**
 * The table of the 15 operations in docs/getting-started.md, generated from the operation table
 * (src/operations.ts, `npm run docs:tables`): the committed one is the generated one, each
 * documented method and path is a row, each row is documented once, each call is a method of
 * the client, and lists return a `Paginator`. A new row without its resource method fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GETTING_STARTED, withTable } from '../../scripts/docs-tables.ts';
import { ClinicClient } from '../../src/index.ts';
import { OPERATION_ROWS } from '../../src/operations.ts';

const DOC = 'docs/getting-started.md';

interface Documented {
  call: string;
  method: string;
  path: string;
  returns: string;
}

/** The rows of the doc's `| call | HTTP | returns |` table, one per documented operation. */
function documented(): Documented[] {
  const text = readFileSync(join(import.meta.dirname, '..', '..', DOC), 'utf8');
  const lines = text.split('\n');
  const header = lines.findIndex((l) => /^\| call \| HTTP \| returns \|$/.test(l));
  expect(header, `${DOC} has the | call | HTTP | returns | table`).toBeGreaterThan(-1);
  const out: Documented[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [call, http, returns] = line.split(' | ').map((c) => c.replace(/^\| ?| ?\|$/g, ''));
    const [method, ...rest] = http!.split(' ');
    const paths = rest.join(' ').split(', ');
    const calls = [...call!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const results = [...returns!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const base = calls[0]!.replace(/\.\w+\(.*$/, '');
    paths.forEach((path, i) => {
      const c = calls[i]!;
      out.push({
        call: c.startsWith('.') ? `${base}${c}` : c,
        method: method!,
        path,
        returns: results[i] ?? results[0]!,
      });
    });
  }
  return out;
}

describe(`${DOC}: the operations table`, () => {
  const rows = documented();

  it('is the table generated from the rows (npm run docs:tables)', () => {
    const text = readFileSync(GETTING_STARTED, 'utf8');
    expect(text).toBe(withTable(text));
  });

  it('documents each row of the operation table once, with its method and path', () => {
    expect(rows.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      OPERATION_ROWS.map((r) => `${r.method} ${r.path}`).sort(),
    );
  });

  it('names a method of the client for each, returning a Paginator exactly for lists', () => {
    const clinic = new ClinicClient({
      apiKey: 'cs_live_k1.secret',
      baseUrl: 'https://clinic.test',
    }) as unknown as Record<string, Record<string, unknown>>;
    for (const doc of rows) {
      const [, resource, method] = /^clinic\.(\w+)\.(\w+)\(/.exec(doc.call) ?? [];
      expect([doc.call, typeof clinic[resource!]?.[method!]]).toEqual([doc.call, 'function']);
      const row = OPERATION_ROWS.find((r) => r.method === doc.method && r.path === doc.path)!;
      expect([doc.call, doc.returns.startsWith('Paginator<')]).toEqual([
        doc.call,
        row.kind === 'list',
      ]);
    }
  });
});
