/**
 * One home for the reference server's documented defaults (issue 39 item 4): the tables of the
 * README, docs/testing-settings.md and docs/testing-assumptions.md and the settings document's
 * JSON Schema are what `npm run docs:tables` renders from the settings' definitions and a new
 * server's document, so a default the docs state is the one the server holds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { generatedFiles } from '../../scripts/docs-tables.ts';
import { defaultDocument, SETTINGS_SCHEMA_PATH } from '../../scripts/settings-tables.ts';
import { createReferenceServer, ServerSettings } from '../../src/testing/index.ts';
import { CLINIC_SETTINGS } from '../../src/testing/server/clinic-settings.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** The rows of the README's settings table: member path → default cell (JSON). */
function readmeDefaults(): Map<string, unknown> {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const table = text.slice(
    text.indexOf('<!-- settings:start -->'),
    text.indexOf('<!-- settings:end -->'),
  );
  const rows = new Map<string, unknown>();
  for (const line of table.split('\n')) {
    const m = /^\| `([\w.]+)` \| `(.+?)` \|/.exec(line);
    if (m) rows.set(m[1]!, JSON.parse(m[2]!.replace(/\\\|/g, '|')));
  }
  return rows;
}

describe('the settings tables and JSON Schema (npm run docs:tables)', () => {
  it('are what the generator writes from the definitions', () => {
    for (const file of generatedFiles()) {
      expect(file.current, `${file.path} is stale: run npm run docs:tables`).toBe(file.wanted);
    }
  });

  it("state each default as a new server holds it, the README's table included", () => {
    const doc = createReferenceServer({ baseUrl: 'https://clinic.test' }).settingsDocument();
    const rows = readmeDefaults();
    expect([...rows.keys()].filter((k) => k.startsWith('clinic.'))).toEqual(
      Object.keys(CLINIC_SETTINGS).map((name) => `clinic.${name}`),
    );
    for (const [path, value] of rows) {
      const [head, member] = path.split('.') as [keyof typeof doc, string?];
      const held =
        member === undefined ? doc[head] : (doc[head] as Record<string, unknown>)[member];
      expect([path, value]).toEqual([path, held]);
    }
    // The three readings the docs once contradicted.
    expect(rows.get('clinic.overlappingAppointments')).toBe('allow');
    expect(rows.get('clinic.patientFilters')).toBe('exact');
    expect(rows.get('clinic.nameFilter')).toBe('case-sensitive');
  });

  it('the JSON Schema takes a new server document and the $schema member, and refuses a bad one', () => {
    const schema = z.fromJSONSchema(JSON.parse(readFileSync(SETTINGS_SCHEMA_PATH, 'utf8')));
    const doc = { $schema: './settings.schema.json', ...defaultDocument() };
    expect(schema.safeParse(doc).success).toBe(true);
    expect(ServerSettings.safeParse(doc).success).toBe(true);
    for (const bad of [
      { clinic: { phoneRule: 'digits' } },
      { clinic: { rateLimit: { requests: 0, windowMs: 10 } } },
      { clinic: { invalidCursor: 401 } },
      { requestIdHeader: 'X Request Id' },
      { nope: true },
    ]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(ServerSettings.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('ships in the package where editors find it', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.exports['./testing/settings.schema.json']).toBe(
      './dist/testing/settings.schema.json',
    );
    expect(readFileSync(join(ROOT, 'tsup.config.ts'), 'utf8')).toContain(
      "copyFile('docs/settings.schema.json', 'dist/testing/settings.schema.json')",
    );
  });
});
