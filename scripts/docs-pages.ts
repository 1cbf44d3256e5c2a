/**
 * The guides a newcomer reads: every page of docs/ at most 16 KB, opening with a `# ` title and
 * a paragraph saying what it answers, and every relative link of the Markdown files (README.md,
 * CONTRIBUTING.md, docs/, examples/) reaching a file that exists and, with a `#anchor`, a
 * heading of that file (GitHub's anchors). Used by `npm run docs:check`
 * (scripts/check-typedoc.ts) and test/docs/pages.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { markdownLinks } from './package-links.ts';

/** The most a page of docs/ may weigh, in bytes. */
export const MAX_PAGE_BYTES = 16 * 1024;

/** The `# ` title of a page, or undefined. */
export function pageTitle(text: string): string | undefined {
  return /^# (.+)$/m.exec(withoutCode(text))?.[1]?.trim();
}

function withoutCode(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** The anchors GitHub gives the headings of a Markdown text (`## A b` is `#a-b`; repeats get -1...). */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of withoutCode(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/**
 * The problems of the Markdown files `files` (paths relative to the root, `/`-separated); `read`
 * returns a file's text, or undefined when it does not exist.
 */
export function pageProblems(
  files: string[],
  read: (file: string) => string | undefined,
): string[] {
  const problems: string[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  for (const file of files) {
    const text = read(file) ?? '';
    if (file.startsWith('docs/')) {
      const bytes = Buffer.byteLength(text);
      if (bytes > MAX_PAGE_BYTES) {
        problems.push(
          `${file}: ${bytes} bytes, over ${MAX_PAGE_BYTES}: split it by task (an index page linking a page per task)`,
        );
      }
      const [first, ...rest] = text.split('\n\n');
      const opening = rest.find((block) => block.trim() !== '');
      if (!first?.startsWith('# ') || !opening || /^(#|```|\||- )/.test(opening)) {
        problems.push(
          `${file}: does not open with a "# " title and a paragraph saying what it answers`,
        );
      }
    }
    for (const link of markdownLinks(file, text)) {
      const target = read(link.path);
      if (target === undefined) {
        problems.push(`${file}: links to ${link.path}, which does not exist`);
        continue;
      }
      if (link.anchor === undefined || !link.path.endsWith('.md')) continue;
      const known = anchorsOf.get(link.path) ?? anchors(target);
      anchorsOf.set(link.path, known);
      if (!known.has(link.anchor)) {
        problems.push(`${file}: links to ${link.path}#${link.anchor}, a heading it does not have`);
      }
    }
  }
  return problems;
}

/** The Markdown files of the repository at `root` whose links and pages are checked. */
export function markdownFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  const guides = readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`);
  return ['README.md', 'CONTRIBUTING.md', ...guides, ...walk('examples')];
}

/** The problems of the repository at `root`. */
export function repositoryPageProblems(root: string): string[] {
  return pageProblems(markdownFiles(root), (file) => {
    const path = join(root, file);
    if (!existsSync(path)) return undefined;
    // A link to a directory (examples/python/) reaches a place that exists.
    return statSync(path).isDirectory() ? '' : readFileSync(path, 'utf8');
  });
}
