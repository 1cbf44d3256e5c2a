/**
 * The paths a user of the installed package is sent to must exist in it: the relative links of
 * its Markdown files (README.md, CONTRIBUTING.md, docs/*.md), and the `docs/...` and
 * `examples/...` files its code names in a message (the control API's "see docs/testing-control.md").
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

/** A relative link of a Markdown file: the path it names (from the package root) and its anchor. */
export interface MarkdownLink {
  /** The linked file, relative to the package root, `/`-separated. */
  path: string;
  /** The part after `#`, or undefined. */
  anchor: string | undefined;
}

/**
 * The relative links of a Markdown file `file` (relative to the package root) whose text is
 * `text`; a link to a place of the same page has the page's own path. URLs, mail addresses and
 * code (fenced or inline: `handlers[type](event)` is a call) are not links.
 */
export function markdownLinks(file: string, text: string): MarkdownLink[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  const links: MarkdownLink[] = [];
  for (const [, target] of prose.matchAll(MARKDOWN_LINK)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue;
    const hash = target!.indexOf('#');
    const path = hash === -1 ? target! : target!.slice(0, hash);
    links.push({
      path: path === '' ? file : posix.normalize(posix.join(posix.dirname(file), decodeURI(path))),
      anchor: hash === -1 ? undefined : target!.slice(hash + 1),
    });
  }
  return links;
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
      for (const { path } of markdownLinks(file, read(file))) need(file, path);
    } else if (/^dist\/.*\.c?js$/.test(file)) {
      for (const [path] of read(file).matchAll(CODE_PATH)) need(file, path);
    }
  }
  return missing;
}
