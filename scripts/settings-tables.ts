/**
 * The reference server's settings as the docs show them, rendered from their definitions
 * (src/testing/server/settings-*.ts) and a new server's document, the one home of every default:
 * the README's table, docs/testing-settings.md's document and tables, docs/testing-assumptions.md's
 * table, and the settings document's JSON Schema. `scripts/docs-tables.ts` writes them.
 */
import { join } from 'node:path';
import * as z from 'zod';
import { CLINIC_SETTINGS } from '../src/testing/server/clinic-settings.ts';
import { ServerSettings } from '../src/testing/server/control-inputs.ts';
import { createReferenceServer } from '../src/testing/server/create.ts';
import type { SettingDefinition } from '../src/testing/server/setting-definition.ts';
import { SERVER_SETTING_WORDS } from '../src/testing/server/settings-server.ts';

const ROOT = join(import.meta.dirname, '..');

/** Where the settings document's JSON Schema is written; the build copies it to
 * `dist/testing/settings.schema.json` (`@clinic-scheduling/sdk/testing/settings.schema.json`). */
export const SETTINGS_SCHEMA_PATH = join(ROOT, 'docs', 'settings.schema.json');

/** What a settings document names in `$schema` to find it in an installed package. */
export const SCHEMA_REFERENCE =
  './node_modules/@clinic-scheduling/sdk/dist/testing/settings.schema.json';

type Words = Pick<SettingDefinition, 'byDefault' | 'otherwise'> &
  Partial<Pick<SettingDefinition, 'spec' | 'question'>>;

/** One row: the member's path in the document, its default and its words. */
interface Member extends Words {
  path: string;
  value: unknown;
}

/** A new server's document: every default as the server holds it. */
export function defaultDocument() {
  return createReferenceServer({ baseUrl: 'https://clinic.test' }).settingsDocument();
}

/** Every member in the order the docs list them: the server's, then each clinic setting. */
export function members(): Member[] {
  const doc = defaultDocument();
  const server = Object.entries(SERVER_SETTING_WORDS).map(([name, words]) => ({
    path: name,
    value: doc[name as keyof typeof doc],
    ...words,
  }));
  const clinic = Object.entries(CLINIC_SETTINGS).map(([name, d]) => ({
    path: `clinic.${name}`,
    value: doc.clinic[name as keyof typeof doc.clinic],
    ...(d as SettingDefinition),
  }));
  return [...server, ...clinic];
}

/** A value as the document writes it, in a table cell. */
function cell(value: unknown): string {
  return `\`${JSON.stringify(value)}\``.replace(/\|/g, '\\|');
}

const text = (words: string) => words.replace(/\|/g, '\\|');

/** The README's table: every member, its default and the other values. */
export function renderReadme(): string {
  return [
    '| setting | default | other values |',
    '|---|---|---|',
    ...members().map((m) => `| \`${m.path}\` | ${cell(m.value)} | ${text(m.otherwise)} |`),
  ].join('\n');
}

/** docs/testing-settings.md: a new server's whole document, as JSON, `$schema` first. */
export function renderDocument(): string {
  const doc = { $schema: SCHEMA_REFERENCE, ...defaultDocument() };
  return ['```json', JSON.stringify(doc, null, 2), '```'].join('\n');
}

/** docs/testing-settings.md: the server-wide members, or the clinic's. */
export function renderMembers(which: 'server' | 'clinic'): string {
  const rows = members().filter((m) => m.path.startsWith('clinic.') === (which === 'clinic'));
  return [
    '| member | default | what the default does | other values |',
    '|---|---|---|---|',
    ...rows.map(
      (m) => `| \`${m.path}\` | ${cell(m.value)} | ${text(m.byDefault)} | ${text(m.otherwise)} |`,
    ),
  ].join('\n');
}

/** docs/testing-assumptions.md: each thing the spec leaves open that a setting reads. */
export function renderAssumptions(): string {
  const rows = members().filter((m) => m.question !== undefined);
  return [
    '| spec | not shown | the reference server, by default | setting |',
    '|---|---|---|---|',
    ...rows.map(
      (m) => `| ${m.spec} | ${text(m.question!)} | ${text(m.byDefault)} | \`${m.path}\` |`,
    ),
  ].join('\n');
}

/** The settings document's JSON Schema (draft 2020-12), every member described with its default. */
export function renderJsonSchema(): string {
  const schema = z.toJSONSchema(ServerSettings, {
    io: 'input',
    // `readOnly` would tell an editor not to write a list: the lists are frozen in memory only.
    override: ({ jsonSchema }) => {
      delete jsonSchema.readOnly;
    },
  }) as { properties: Record<string, Record<string, unknown>> } & Record<string, unknown>;
  const doc = defaultDocument();
  schema.title = 'Settings of the Clinic Scheduling reference server';
  schema.description =
    'The settings document of clinic-scheduling-mock --settings, createReferenceServer({ settings }) ' +
    'and PATCH /__control/server-settings. Every member is optional. See docs/testing-settings.md.';
  schema.properties.$schema = { type: 'string', description: 'This JSON Schema, for editors.' };
  for (const [name, words] of Object.entries(SERVER_SETTING_WORDS)) {
    const w: Words = words;
    Object.assign(schema.properties[name]!, {
      description: `Default: ${w.byDefault}. Otherwise: ${w.otherwise}.`,
      default: doc[name as keyof typeof doc],
    });
  }
  schema.properties.clinic!.description =
    'The settings every clinic starts with and returns to on reset (PATCH /__control/settings changes one clinic).';
  return `${JSON.stringify(schema, null, 2)}\n`;
}
