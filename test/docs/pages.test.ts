/**
 * The guides stay readable and their links hold (scripts/docs-pages.ts, also run by
 * `npm run docs:check`): no page of docs/ over 16 KB, each opening with a title and what it
 * answers, and every relative link of the Markdown files reaching its file and heading.
 */
import { describe, expect, test } from 'vitest';
import {
  anchors,
  MAX_PAGE_BYTES,
  pageProblems,
  repositoryPageProblems,
} from '../../scripts/docs-pages.ts';
import { ROOT } from '../examples/run.ts';

const page = (title: string, body = '') => `# ${title}\n\nWhat this page answers.\n\n${body}`;

describe('the guides', () => {
  test('every page is at most 16 KB, opens with what it answers, and every link holds', () => {
    expect(repositoryPageProblems(ROOT)).toEqual([]);
  });

  test('a page over 16 KB, a page without an opening, a broken link or anchor are reported', () => {
    const files: Record<string, string> = {
      'README.md':
        '[a](docs/a.md#two) [gone](docs/gone.md) [b](docs/b.md#nope) [url](https://x.y/z.md)',
      'docs/a.md': page('A', `## Two\n\n[here](#two) [there](#three)\n\n\`[code](nowhere.md)\`\n`),
      'docs/b.md': `# B\n\n## Straight to a heading\n\n${'x'.repeat(MAX_PAGE_BYTES)}\n`,
    };
    const problems = pageProblems(Object.keys(files), (file) => files[file]);
    expect(problems).toEqual([
      'README.md: links to docs/gone.md, which does not exist',
      'README.md: links to docs/b.md#nope, a heading it does not have',
      'docs/a.md: links to docs/a.md#three, a heading it does not have',
      expect.stringMatching(/^docs\/b\.md: \d+ bytes, over 16384/),
      expect.stringMatching(/^docs\/b\.md: does not open with/),
    ]);
  });

  test("anchors are GitHub's: lower case, punctuation dropped, repeats numbered", () => {
    const text =
      '# Title\n\n## Answering within 10 seconds: `ackAfterMs`\n\n## Faults\n\n### Faults\n\n```sh\n# not a heading\n```\n';
    expect([...anchors(text)]).toEqual([
      'title',
      'answering-within-10-seconds-ackafterms',
      'faults',
      'faults-1',
    ]);
  });
});
