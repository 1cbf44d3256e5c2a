/** Spec 5 rules 5 and 6: which scope each operation needs and when 403 comes, from requests that
 * cannot change anything (unknown ids, bodies no service accepts), sent with each key. @module */
import { OPERATION_ROWS, type OperationRow } from '../../operations.ts';
import { SCOPES, type Scope } from '../../schemas/scopes.ts';
import type { ProbeContext } from './read.ts';
import type { Exchange, ProbeKey } from './transport.ts';

/** An id no record has: a fresh uuid, or an integer beyond any clinic's count. */
const UNKNOWN_INTEGER_ID = '987654321987';

/** The harmless request for one operation: nothing it sends can create or change a record. */
function harmless(ctx: ProbeContext, key: ProbeKey, row: OperationRow): Promise<Exchange> {
  const id =
    row.id === undefined
      ? undefined
      : row.id.kind === 'uuid'
        ? crypto.randomUUID()
        : UNKNOWN_INTEGER_ID;
  if (row.method === 'GET') {
    const query: Record<string, string> =
      row.kind === 'list' && ctx.pageParam ? { [ctx.pageParam]: '1' } : {};
    return ctx.t.sendRow(key, row, { id, query });
  }
  // A JSON array is no operation's body: a service that passes the scope check answers 400.
  return ctx.t.sendRow(key, row, row.bodies === 'none' ? { id } : { id, json: [] });
}

/** Every operation with every key; a mapping where keys with declared scopes make one. */
export async function probeScopes(ctx: ProbeContext, keys: readonly ProbeKey[]): Promise<void> {
  const declared = keys.filter((k) => k.scopes !== undefined);
  const denials: string[] = [];
  let mapped = 0;
  for (const row of OPERATION_ROWS) {
    const subject = `${row.method} ${row.path}`;
    const outcomes: { key: ProbeKey; denied: boolean; status: number }[] = [];
    for (const key of keys) {
      ctx.progress(`scope check: ${subject} with the key in ${key.name}`);
      const answer = await harmless(ctx, key, row);
      outcomes.push({ key, denied: answer.status === 403, status: answer.status });
      if (answer.status === 403) denials.push(`${subject} (${key.name})`);
    }
    const known = outcomes.filter((o) => o.key.scopes !== undefined);
    const stated = row.scopeStated ? ` (stated: ${row.scope})` : '';
    if (known.length === 0) {
      const refused = outcomes.filter((o) => o.denied).map((o) => o.key.name);
      ctx.findings.add(
        'scopes',
        (refused.length ? `403 for the key in ${refused.join(', ')}` : 'no key was refused') +
          '; declare the scopes of extra keys (--scoped-key) to map the scope',
        'unobservable',
        { subject: subject + stated },
      );
      continue;
    }
    const candidates = [...SCOPES, 'none' as const].filter((scope) =>
      known.every((o) =>
        scope === 'none' ? !o.denied : o.denied !== o.key.scopes!.includes(scope as Scope),
      ),
    );
    const summary = known
      .map((o) => `${o.key.name} [${o.key.scopes!.join(' ') || 'no scope'}]: ${o.status}`)
      .join('; ');
    if (candidates.length === 1) mapped++;
    const matches = candidates.length === 1 && candidates[0] === row.scope;
    ctx.findings.add(
      'scopes',
      candidates.length === 1
        ? `needs ${candidates[0]}${matches ? ', as the reference server assumes' : `, not ${row.scope} as the reference server assumes`} (${summary})`
        : candidates.length === 0
          ? `no single scope explains the answers (${summary})`
          : `one of ${candidates.join(', ')}: declare keys that tell them apart (${summary})`,
      candidates.length === 1 ? 'certain' : 'unclear',
      {
        subject: subject + stated,
        ...(candidates.length === 1 && !row.scopeStated
          ? { setting: { name: `clinic.operationScopes.${row.name}`, value: candidates[0] } }
          : {}),
      },
    );
  }
  ctx.findings.add(
    'forbidden',
    (denials.length ? `403 on ${denials.length} scope check(s)` : 'no 403 in the scope checks') +
      (declared.length && mapped === OPERATION_ROWS.length
        ? ': each time, and only, where the key lacked the scope the operation needs'
        : ''),
    declared.length && mapped === OPERATION_ROWS.length ? 'certain' : 'unclear',
    { subject: 'scope checks' },
  );
}
