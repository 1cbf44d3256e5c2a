/**
 * Issue 15, "Named types": what an editor's hover shows. The TypeScript language service (the
 * one editors run) is asked for the quick info of calls and values written against the root
 * entry's declarations, as a user's project reads them (`@clinic-scheduling/sdk`, `dist/`).
 */
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const FILE = join(root, 'test', 'types', '__hover__.ts');
const SOURCE = `
import { ClinicClient } from '@clinic-scheduling/sdk';
declare const clinic: ClinicClient;
export const created = clinic.appointments.create;
export const retrieved = clinic.rooms.retrieve(1);
export const page = clinic.patients.list({ name: 'Silva' });
export const pending = clinic.appointments.update;
export const raw = retrieved.withResponse();
`;

let service: ts.LanguageService | undefined;

/** The hover text at the start of `after` in SOURCE, white space collapsed. */
function hover(after: string): string {
  service ??= ts.createLanguageService(serviceHost());
  const info = service.getQuickInfoAtPosition(FILE, SOURCE.indexOf(after));
  return ts.displayPartsToString(info?.displayParts).replace(/\s+/g, ' ');
}

function serviceHost(): ts.LanguageServiceHost {
  return {
    getScriptFileNames: () => [FILE],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) =>
      name === FILE
        ? ts.ScriptSnapshot.fromString(SOURCE)
        : ts.sys.fileExists(name)
          ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name) ?? '')
          : undefined,
    getCurrentDirectory: () => root,
    getCompilationSettings: () => ({
      strict: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2023,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    }),
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
}

describe('hovers show the named types (issue 15)', () => {
  afterAll(() => service?.dispose());

  it('appointments.create: its input, options and result by name', () => {
    expect(hover('created =')).toBe(
      'const created: (body: AppointmentCreateParams, options?: AppointmentCreateOptions) => APIPromise<Appointment>',
    );
  });

  it('appointments.update: its input by name', () => {
    expect(hover('pending =')).toBe(
      'const pending: (id: string, body: AppointmentUpdateParams, options?: RequestOptions) => APIPromise<Appointment>',
    );
  });

  it('a retrieve call, a list call and withResponse()', () => {
    expect(hover('retrieved =')).toBe('const retrieved: APIPromise<Room>');
    expect(hover('page =')).toBe('const page: Paginator<Patient>');
    expect(hover('raw =')).toBe('const raw: Promise<WithResponse<Room>>');
  });
});
