/**
 * The TypeScript snippets of the testing guide (docs/testing*.md), the integration checklist and
 * README.md compile as written, as files of a user's Node.js project: TypeScript `module`
 * `nodenext`, `strict`, `lib` ES2023 without DOM (fetch and Request come from @types/node), no
 * special flag (a `.ts` import needs `allowImportingTsExtensions`, which is off here, so it
 * fails), against this package's own declarations (dist/, through its `exports`) and the msw,
 * vitest and Node types.
 *
 * A snippet whose first line is `// <path>.ts` is that file of the project (snippets import
 * `./setup/clinic.js`); the others are files of their own. Each variant of
 * `test/setup/clinic.ts` compiles: `(msw 3)` with every other snippet, `(msw 2)` with `msw`
 * resolved to msw 2 (installed here as `msw2`), the one without msw alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { assertBuilt, ROOT } from '../examples/run.ts';

interface Snippet {
  doc: string;
  line: number;
  /** The project file it is, e.g. `test/setup/clinic.ts`. */
  path: string;
  /** `msw 2`, `msw 3`, or undefined for a snippet with one form. */
  variant: string | undefined;
  code: string;
}

function snippets(doc: string): Snippet[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const found: Snippet[] = [];
  for (const match of text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)) {
    const code = match[1]!;
    const line = text.slice(0, match.index).split('\n').length;
    const named = /^\/\/ (\S+\.ts)(?: \((.+)\))?\n/.exec(code);
    found.push({
      doc,
      line,
      path: named ? named[1]! : `test/${doc.replace(/\W/g, '-')}-line-${line}.ts`,
      variant: named?.[2],
      code,
    });
  }
  return found;
}

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2023,
  lib: ['lib.es2023.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: ['node'],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
};

/**
 * Type-checks the snippets as files under `<repo>/.docs-snippets/<project>/` (kept in memory,
 * never written), so that the package name resolves to this package through its `exports` and
 * msw, vitest and @types/node come from this repository's node_modules. With `msw: 2`, every
 * import of `msw` (the SDK's declarations' included) resolves to msw 2.
 */
const parsedFiles = new Map<string, ts.SourceFile>();

function typeCheck(project: string, files: Snippet[], msw: 2 | 3): string[] {
  const dir = join(ROOT, '.docs-snippets', project);
  const virtual = new Map(files.map((f) => [join(dir, f.path), f]));
  const dirs = new Set([...virtual.keys()].map((file) => dirname(file)));
  const host = ts.createCompilerHost(OPTIONS);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.directoryExists = (name) => dirs.has(name) || (directoryExists?.call(host, name) ?? true);
  host.readFile = (name) => virtual.get(name)?.code ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) => {
    const snippet = virtual.get(name);
    if (snippet) return ts.createSourceFile(name, snippet.code, language);
    // The declarations of lib, node, msw, vitest and the SDK: parsed once for every program.
    let parsed = parsedFiles.get(name);
    if (!parsed) {
      parsed = getSourceFile.call(host, name, language, ...rest);
      if (parsed) parsedFiles.set(name, parsed);
    }
    return parsed;
  };
  if (msw === 2) {
    host.resolveModuleNameLiterals = (literals, containingFile, redirected, options, source) =>
      literals.map((literal) =>
        ts.resolveModuleName(
          literal.text.replace(/^msw(?=$|\/)/, 'msw2'),
          containingFile,
          options,
          host,
          undefined,
          redirected,
          ts.getModeForUsageLocation(source, literal, options),
        ),
      );
  }
  const program = ts.createProgram([...virtual.keys()], OPTIONS, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    const snippet = d.file && virtual.get(d.file.fileName);
    if (!d.file || !snippet) return `${d.file?.fileName ?? ''}: ${message}`;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
    return `${snippet.doc}:${snippet.line + 1 + line} (${snippet.path}): ${message}`;
  });
}

const testing = readdirSync(join(ROOT, 'docs'))
  .filter((file) => /^testing(-.*)?\.md$/.test(file))
  .flatMap((file) => snippets(`docs/${file}`));
const readme = [...snippets('README.md'), ...snippets('docs/integration-checklist.md')];
const setups = testing.filter((s) => s.path === 'test/setup/clinic.ts');
const others = testing.filter((s) => s.path !== 'test/setup/clinic.ts');

// Building a program reads the declarations of lib, node, vitest, msw and the SDK: seconds.
describe('the TypeScript snippets compile as written', { timeout: 90_000 }, () => {
  test('they are found: three setups (no msw, msw 3, msw 2) and the rest', () => {
    expect(setups.map((s) => s.variant)).toEqual([undefined, 'msw 3', 'msw 2']);
    expect(others.length).toBeGreaterThanOrEqual(8);
    expect(readme.length).toBeGreaterThanOrEqual(3);
    for (const snippet of [...testing, ...readme]) {
      // imports shown: every snippet is a module that says where its names come from
      expect(snippet.code, `${snippet.doc}:${snippet.line}`).toMatch(/^import /m);
      expect(snippet.code, `${snippet.doc}:${snippet.line}`).not.toMatch(/from '\.[^']*\.ts'/);
    }
  });

  test('the testing guide with the msw 3 setup, and README.md', () => {
    assertBuilt();
    const msw3 = setups.find((s) => s.variant === 'msw 3')!;
    expect(typeCheck('msw3', [msw3, ...others, ...readme], 3)).toEqual([]);
  });

  test('the testing guide: the msw 2 setup against msw 2, the setup without msw', () => {
    assertBuilt();
    const msw2 = setups.find((s) => s.variant === 'msw 2')!;
    expect(typeCheck('msw2', [msw2], 2)).toEqual([]);
    const plain = setups.find((s) => s.variant === undefined)!;
    expect(typeCheck('no-msw', [plain], 3)).toEqual([]);
    // msw 2 is really the one checked: msw 3's option name is an error there.
    const msw3 = setups.find((s) => s.variant === 'msw 3')!;
    expect(typeCheck('msw3-on-msw2', [msw3], 2).join('\n')).toContain("'onUnhandledFrame'");
  });

  test('a snippet that does not compile is reported with its line', () => {
    const broken: Snippet = {
      doc: 'docs/testing.md',
      line: 1,
      path: 'test/broken.ts',
      variant: undefined,
      code: "import { api } from './setup/clinic.ts';\napi.seed.room({ nom: 'x' });\n",
    };
    const errors = typeCheck('broken', [setups[0]!, broken], 3);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(/^docs\/testing\.md:2 \(test\/broken\.ts\): /m);
    expect(errors.join('\n')).toContain('allowImportingTsExtensions');
  });
});
