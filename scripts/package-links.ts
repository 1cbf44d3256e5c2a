/**
 * The paths a user of the installed package is sent to must exist in it: the relative links of
 * its Markdown files (README.md, CONTRIBUTING.md, docs/*.md), and the `docs/...` and
 * `examples/...` files its code names in a message (the control API's "see docs/testing.md").
 * Used by scripts/check-package.ts on the packed file list, test/consumer/run.ts on a fresh
 * install, and test/examples/package-links.test.ts.
 */
import { posix } from 'node:path';

/** A path named somewhere in the package that the package lacks. */
export interface MissingPath {
  /** The package file that names it. */
  from: string;
  /** The path, relative to the package root. */
  path: string;
}

const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;
const CODE_PATH = /\b(?:docs|examples)\/[\w-]+(?:\/[\w.-]+)*\.(?:md|ts|json)\b/g;

/** Whether a link leaves the package (a URL, a mail address) or stays in its page. */
function external(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#');
}

/**
 * Every path named by `files` (the package's files, relative to its root, `/`-separated) that is
 * not one of them. `read` returns a file's text.
 */
export function missingPaths(files: string[], read: (file: string) => string): MissingPath[] {
  const shipped = new Set(files);
  const missing: MissingPath[] = [];
  const need = (from: string, path: string) => {
    if (!shipped.has(path)) missing.push({ from, path });
  };
  for (const file of files) {
    if (file.endsWith('.md')) {
      // Code (fenced or inline) is not a link: `handlers[type](event)` is a call.
      const prose = read(file)
        .replace(/^```[\s\S]*?^```/gm, '')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target] of prose.matchAll(MARKDOWN_LINK)) {
        if (external(target!)) continue;
        const path = decodeURI(target!.split('#')[0]!);
        need(file, posix.normalize(posix.join(posix.dirname(file), path)));
      }
    } else if (/^dist\/.*\.c?js$/.test(file)) {
      for (const [path] of read(file).matchAll(CODE_PATH)) need(file, path);
    }
  }
  return missing;
}
