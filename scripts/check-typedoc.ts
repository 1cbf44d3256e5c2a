/**
 * Checks the API reference that `npm run docs` generates (typedoc's JSON output,
 * docs/api/api.json): each object and input of the spec is a page of its own, an interface that
 * lists exactly the fields of its zod schema, each with a doc comment; and every resource method
 * reads with those names (`create(body: AppointmentCreateParams, options?:
 * AppointmentCreateOptions): APIPromise<Appointment>`), never with an expanded object type.
 * And every guide of docs/*.md is a page of the site (typedoc.json `projectDocuments`) named by
 * its title, not a raw file copied beside it; and every page is at most 16 KB, opens with what it
 * answers, and links only to files and headings that exist (scripts/docs-pages.ts).
 *
 *   npm run docs && npm run docs:check
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as z from 'zod';
import { OPERATION_ROWS, type OperationRow } from '../src/operations.ts';
import { MAX_PAGE_BYTES, pageTitle, repositoryPageProblems } from './docs-pages.ts';
import { methodOf, resourceOf } from './docs-tables.ts';
import { schemaName } from './openapi.ts';

/** typedoc's reflection kinds used here (typedoc's `ReflectionKind`). */
const KIND = { Class: 128, Interface: 256, Property: 1024, Method: 2048 } as const;

interface Reflection {
  id: number;
  name: string;
  kind: number;
  children?: Reflection[];
  /** The project's documents (typedoc.json `projectDocuments`), on the project only. */
  documents?: Reflection[];
  /** A document's front matter: `file`, its file's name (scripts/typedoc-guide-titles.mjs). */
  frontmatter?: { file?: string };
  comment?: { summary: Array<{ text: string }> };
  signatures?: Signature[];
  type?: TypeRef;
  flags?: { isOptional?: boolean };
}
interface Signature {
  parameters?: Array<{ name: string; type?: TypeRef; flags?: { isOptional?: boolean } }>;
  type?: TypeRef;
}
interface TypeRef {
  type: string;
  name?: string;
  target?: number;
  typeArguments?: TypeRef[];
  types?: TypeRef[];
}

const jsonPath = join(import.meta.dirname, '..', 'docs', 'api', 'api.json');
let project: Reflection;
try {
  project = JSON.parse(readFileSync(jsonPath, 'utf8'));
} catch {
  console.error(`docs:check: ${jsonPath} is missing: run npm run docs first.`);
  process.exit(1);
}
const root = project.children?.find((m) => m.name === '@clinic-scheduling/sdk');
if (!root) throw new Error('docs:check: no @clinic-scheduling/sdk module in the reflection.');
const byId = new Map<number, Reflection>();
(function index(r: Reflection) {
  byId.set(r.id, r);
  for (const child of r.children ?? []) index(child);
})(project);

const problems: string[] = [];
const text = (r: Reflection) => (r.comment?.summary ?? []).map((p) => p.text).join('');

/** The fields of a zod object schema (a refined one included). */
function fieldsOf(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error('docs:check: a schema without a shape');
  return Object.keys(shape).sort();
}

/** A list's query type, named for its items: `AppointmentListParams`, `PatientListParams`. */
const queryName = (row: OperationRow) => `${schemaName(row.response)}ListParams`;
const LISTS = OPERATION_ROWS.filter((row) => row.kind === 'list');

/** Each named object and input: its page must list exactly these fields, each commented. The
 * rows' objects, bodies and filters, and the types around them. */
const PAGES: Record<string, string[]> = {
  ...Object.fromEntries(
    OPERATION_ROWS.flatMap((row) => [row.response, ...(row.input ? [row.input] : [])]).map(
      (schema) => [schemaName(schema), fieldsOf(schema)],
    ),
  ),
  ...Object.fromEntries(
    LISTS.filter((row) => fieldsOf(row.query!).length > 0).map((row) => [
      queryName(row),
      fieldsOf(row.query!),
    ]),
  ),
  AppointmentPatient: ['id', 'name', 'phone'],
  RequestOptions: ['headers', 'hooks', 'maxRetries', 'signal', 'timeout'],
  ListRequestOptions: ['extraQuery', 'headers', 'hooks', 'maxRetries', 'signal', 'timeout'],
  AppointmentCreateOptions: [
    'headers',
    'hooks',
    'idempotencyKey',
    'maxRetries',
    'signal',
    'timeout',
  ],
  WithResponse: ['data', 'idempotencyKey', 'replayed', 'requestId', 'response'],
};
/** Inputs with no field of their own (no key, or every key passed through): a commented page each. */
const OPEN_PAGES = [
  'ListQuery',
  'NoListFilters',
  ...LISTS.filter((row) => fieldsOf(row.query!).length === 0).map(queryName),
];

function interfacePage(name: string): Reflection | undefined {
  const page = root?.children?.find((r) => r.name === name && r.kind === KIND.Interface);
  if (!page) problems.push(`${name}: no interface page in the API reference`);
  else if (!text(page)) problems.push(`${name}: its page has no description`);
  return page;
}

for (const [name, fields] of Object.entries(PAGES)) {
  const page = interfacePage(name);
  if (!page) continue;
  const shown = (page.children ?? []).filter((c) => c.kind === KIND.Property);
  const names = shown.map((c) => c.name).sort();
  if (names.join() !== fields.join()) {
    problems.push(`${name}: the page lists [${names}], the schema has [${fields}]`);
  }
  for (const field of shown) {
    if (!text(field)) problems.push(`${name}.${field.name}: no doc comment on the page`);
  }
}
for (const name of OPEN_PAGES) interfacePage(name);

/** `APIPromise<X>`, `Paginator<X>` or `X`, where X names an interface page. */
function named(type: TypeRef | undefined): string | undefined {
  if (type?.type !== 'reference' || !type.name) return undefined;
  const target = type.target === undefined ? undefined : byId.get(type.target);
  if (type.name === 'APIPromise' || type.name === 'Paginator') {
    const inner = named(type.typeArguments?.[0]);
    return inner && `${type.name}<${inner}>`;
  }
  return target?.kind === KIND.Interface ? type.name : undefined;
}

/** Each row's resource method: its parameters and return type, as the reference must read them
 * (`Rooms.retrieve`: `(id: number, options?: RequestOptions): APIPromise<Room>`). */
const METHODS: Record<string, Record<string, string>> = {};
for (const row of OPERATION_ROWS) {
  const resource = resourceOf(row);
  const className = resource[0]!.toUpperCase() + resource.slice(1);
  const item = schemaName(row.response);
  const list = row.kind === 'list';
  const options = row.replay
    ? 'AppointmentCreateOptions'
    : list
      ? 'ListRequestOptions'
      : 'RequestOptions';
  const params = [
    ...(row.id ? [`id: ${row.id.kind === 'uuid' ? 'string' : 'number'}`] : []),
    ...(row.input ? [`body: ${schemaName(row.input)}`] : []),
    ...(list ? [`query?: ${queryName(row)}`] : []),
    `options?: ${options}`,
  ];
  METHODS[className] ??= {};
  METHODS[className][methodOf(row)] =
    `(${params.join(', ')}): ${list ? 'Paginator' : 'APIPromise'}<${item}>`;
}

function typeText(type: TypeRef | undefined): string {
  if (type?.type === 'intrinsic') return type.name ?? '?';
  return named(type) ?? `<expanded ${type?.type ?? 'unknown'}>`;
}

for (const [className, methods] of Object.entries(METHODS)) {
  const cls = root.children?.find((r) => r.name === className && r.kind === KIND.Class);
  if (!cls) {
    problems.push(`${className}: no page in the API reference`);
    continue;
  }
  for (const [method, expected] of Object.entries(methods)) {
    const signature = cls.children?.find((r) => r.name === method && r.kind === KIND.Method)
      ?.signatures?.[0];
    if (!signature) {
      problems.push(`${className}.${method}: not in the API reference`);
      continue;
    }
    const params = (signature.parameters ?? [])
      .map((p) => `${p.name}${p.flags?.isOptional ? '?' : ''}: ${typeText(p.type)}`)
      .join(', ');
    const actual = `(${params}): ${typeText(signature.type)}`;
    if (actual !== expected) {
      problems.push(`${className}.${method}: reads ${actual}\n    expected ${expected}`);
    }
  }
}

/**
 * Every guide: a document of the project named by its title (its first heading), rendered with
 * one `<h1>` (no title repeated above it), never a raw copy in media/.
 */
const docsDir = join(import.meta.dirname, '..', 'docs');
const guides = readdirSync(docsDir)
  .filter((file) => file.endsWith('.md'))
  .map((file) => file.slice(0, -'.md'.length));
const documents = new Map<string, Reflection>();
(function collect(list: Reflection[] | undefined) {
  for (const d of list ?? []) {
    documents.set(String(d.frontmatter?.file ?? d.name), d);
    collect(d.children);
  }
})(project.documents);
for (const guide of guides) {
  const document = documents.get(guide);
  const html = join(docsDir, 'api', 'documents', `${guide}.html`);
  if (!document) {
    problems.push(
      `docs/${guide}.md: not a page of the site; add it to typedoc.json projectDocuments`,
    );
  } else if (!existsSync(html)) {
    problems.push(`docs/${guide}.md: no rendered page docs/api/documents/${guide}.html`);
  } else {
    const title = pageTitle(readFileSync(join(docsDir, `${guide}.md`), 'utf8'))?.replaceAll(
      '`',
      '',
    );
    if (document.name !== title) {
      problems.push(
        `docs/${guide}.md: the site names it "${document.name}", not its title "${title}"`,
      );
    }
    const headings = readFileSync(html, 'utf8').match(/<h1[\s>]/g)?.length ?? 0;
    if (headings !== 1) problems.push(`docs/${guide}.md: its page has ${headings} <h1>, not one`);
  }
  if (existsSync(join(docsDir, 'api', 'media', `${guide}.md`))) {
    problems.push(
      `docs/${guide}.md: copied as a raw file to docs/api/media/ (a link to it is not rendered)`,
    );
  }
}
problems.push(...repositoryPageProblems(join(import.meta.dirname, '..')));

if (problems.length > 0) {
  console.error(`docs:check: ${problems.length} problem(s) in the API reference:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `docs:check: ${Object.keys(PAGES).length + OPEN_PAGES.length} pages list their fields by name; ` +
    `${Object.values(METHODS).reduce((n, m) => n + Object.keys(m).length, 0)} method signatures read with named types; ` +
    `${guides.length} guides are pages of at most ${MAX_PAGE_BYTES / 1024} KB, named by their titles; every link reaches its file and heading.`,
);
