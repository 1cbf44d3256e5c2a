/**
 * Pagination: every `list` method returns a Paginator, which is both awaitable (the first
 * page) and async-iterable (every item, fetching page by page, one page in memory).
 *
 * Runs against the reference server seeded with 120 patients; it lists 50 per page by default.
 * `api.requests` (the reference server's request log) shows how many pages each style fetched.
 *
 *   node examples/pagination.ts
 */
import { APIUserAbortError, ClinicClient, type Patient } from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';

const api = createReferenceServer({ baseUrl: 'https://clinic.test' });
for (let i = 1; i <= 120; i++) {
  api.seed.patient({ name: i % 10 === 0 ? `Paciente ${i} Silva` : `Paciente ${i}` });
}
const clinic = new ClinicClient({
  apiKey: api.issueApiKey({ preset: 'read_only' }),
  baseUrl: api.baseUrl,
  fetch: api.fetch,
});

/** How many requests reached the server since the last call. */
let seen = 0;
function requests(): string {
  const count = api.requests.length - seen;
  seen = api.requests.length;
  return `${count} request${count === 1 ? '' : 's'}`;
}

// 1. Every item: `for await` fetches the next page only when the loop gets there.
let count = 0;
for await (const _patient of clinic.patients.list()) count++;
console.log(`for await over every patient: ${count} patients in ${requests()}`);

// 2. `break` stops fetching: no page after the one holding the match is requested.
let found: Patient | undefined;
for await (const patient of clinic.patients.list()) {
  if (patient.name === 'Paciente 7') {
    found = patient;
    break;
  }
}
console.log(`break at ${found?.name} (id ${found?.id}): ${requests()}`);

// 3. Awaiting the paginator gives the first page; follow `next` yourself.
const first = await clinic.patients.list();
console.log(
  `first page: ${first.results.length} patients, hasNextPage: ${first.hasNextPage()}, ` +
    `next carries a cursor: ${new URL(first.next!).searchParams.has('cursor')}`,
);
const second = await first.getNextPage();
console.log(
  `second page: ${second.results[0]?.name} ... ${second.results.at(-1)?.name} (${requests()} for both)`,
);

// 4. Page by page. The page-size parameter is not named by the spec; the reference server
//    calls it `page_size` (maximum 100). It goes in `extraQuery`, sent as given;
//    the typed query takes only the spec's filters.
const sizes: number[] = [];
for await (const page of clinic.patients.list({}, { extraQuery: { page_size: 100 } }).pages()) {
  sizes.push(page.results.length);
}
console.log(`pages of up to 100: ${sizes.join(' + ')} patients in ${requests()}`);

// 5. Into an array: `limit` is required (a whole list in memory is how services fall over).
const silvas = await clinic.patients.list({ name: 'Silva' }).toArray({ limit: 500 });
console.log(`toArray of name 'Silva': ${silvas.length} patients in ${requests()}`);

// 6. Your AbortSignal stops an iteration: the loop throws APIUserAbortError.
const controller = new AbortController();
let read = 0;
try {
  for await (const _patient of clinic.patients.list(undefined, { signal: controller.signal })) {
    if (++read === 60) controller.abort();
  }
} catch (error) {
  if (!(error instanceof APIUserAbortError)) throw error;
  console.log(`aborted after ${read} patients: ${error.name}, ${requests()}`);
}
