/**
 * Hostile answers (issue 40, item 7), through the built client and a stub `fetch` answering at
 * once, `timeout: 1000`: how long the call holds the event loop once the answer is in (no I/O
 * is left to wait for, so the call's whole time is one hold), and what it ends with.
 *
 * - a 2xx list page of about 9.5 MB (20,000 appointments), validated;
 * - a 400 of about 9.5 MB (the same items as field messages): its body parsed and redacted;
 * - a 2xx retrieve whose body nests a member 5,000 deep beside an unknown enum value.
 *
 * `--before <dist dir>` runs the same answers through another build, alternated with this one.
 *
 *   node bench/hostile-answers.ts [--before .tmp/before/dist] [--json]
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as sdk from '@clinic-scheduling/sdk';
import { type BenchRow, BODY, ID, median, printRows } from './lib.ts';

const { values: args } = parseArgs({
  options: { before: { type: 'string' }, json: { type: 'boolean', default: false } },
});
type Sdk = typeof sdk;
const builds: Array<[string, Sdk]> = [['this build', sdk]];
if (args.before) {
  const url = pathToFileURL(resolve(args.before, 'index.js')).href;
  builds.push([`the build of ${args.before}`, (await import(url)) as Sdk]);
}

const TIMEOUT = 1_000;
const appointment = JSON.parse(BODY) as Record<string, unknown>;
const items = Array.from({ length: 20_000 }, (_, i) => ({ ...appointment, id: ID, notes: `${i}` }));
const page = JSON.stringify({ results: items, next: null, previous: null });
const fields = JSON.stringify(
  Object.fromEntries(items.map((item, i) => [`item_${i}`, Object.values(item).map(String)])),
);
const deep = JSON.stringify({ ...appointment, status: 'teleported', extra: 0 }).replace(
  '"extra":0',
  `"extra":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
);

const answers: Array<
  [name: string, status: number, text: string, call: (c: sdk.ClinicClient) => Promise<unknown>]
> = [
  ['a 2xx list page', 200, page, async (c) => (await c.appointments.list()).results],
  ['a 400 error body', 400, fields, (c) => c.appointments.retrieve(ID)],
  [
    'a 2xx nesting a member 5,000 deep beside an unknown enum value',
    200,
    deep,
    (c) => c.appointments.retrieve(ID),
  ],
];

/** The call's time in ms, and the name of what it ended with. */
async function once(
  build: Sdk,
  status: number,
  text: string,
  call: (c: sdk.ClinicClient) => Promise<unknown>,
) {
  const client = new build.ClinicClient({
    apiKey: 'bench_live_hostile.notasecretnotasecret',
    baseUrl: 'https://clinic.bench',
    logLevel: 'off',
    timeout: TIMEOUT,
    maxRetries: 0,
    fetch: (async () =>
      new Response(text, {
        status,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch,
  });
  const started = performance.now();
  const outcome = await call(client).then(
    () => 'resolved',
    (error: unknown) =>
      error instanceof build.ClinicError
        ? error.name
        : `not a ClinicError: ${String(error).slice(0, 60)}`,
  );
  return { ms: performance.now() - started, outcome };
}

const rows: BenchRow[] = [];
for (const [name, status, text, call] of answers) {
  const times = new Map<string, number[]>();
  const outcomes = new Map<string, string>();
  for (let round = 0; round < 5; round++) {
    for (const [label, build] of round % 2 ? [...builds].reverse() : builds) {
      const { ms, outcome } = await once(build, status, text, call);
      times.set(label, [...(times.get(label) ?? []), ms]);
      outcomes.set(label, outcome);
    }
  }
  for (const [label] of builds) {
    const ms = median(times.get(label)!);
    rows.push({
      name: `hostile answer, ${label}: ${name} (${(text.length / 2 ** 20).toFixed(1)} MiB), the event loop held`,
      value: ms,
      unit: 'ms',
      goal: `< ${TIMEOUT} ms (the call's timeout), ends in the SDK's outcome`,
      pass: ms < TIMEOUT && !outcomes.get(label)!.startsWith('not'),
      note: `ends: ${outcomes.get(label)}; median of 5, alternated with the other build`,
    });
  }
}
printRows(rows);
