/**
 * The request path's size in source lines: the files a call runs through (issue 26 counted seven,
 * about 1,100 lines when it was filed; issue 40 added the client's runner to them), against the
 * goal of at most 800. Lines as `wc -l` counts them, comments included.
 *
 *   node bench/request-path.ts [--json]
 */
import { readFileSync } from 'node:fs';
import { printRows } from './lib.ts';

/** The request path: the files a call runs through, under src/internal/ (the mutation run of
 * `stryker.request-path.config.mjs` mutates them). */
export const REQUEST_PATH = [
  'request',
  'call',
  'attempt',
  'body',
  'headers',
  'retry',
  'redact',
  'observe',
];
const GOAL = 800;

const counts = REQUEST_PATH.map((name) => {
  const text = readFileSync(new URL(`../src/internal/${name}.ts`, import.meta.url), 'utf8');
  return [name, text.split('\n').length - (text.endsWith('\n') ? 1 : 0)] as const;
});
const total = counts.reduce((sum, [, lines]) => sum + lines, 0);

if (import.meta.main)
  printRows([
    {
      name: `request path: src/internal/{${REQUEST_PATH.join(',')}}.ts`,
      value: total,
      unit: 'lines',
      goal: `≤ ${GOAL} lines`,
      pass: total <= GOAL,
      note: counts.map(([name, lines]) => `${name} ${lines}`).join(', '),
    },
  ]);
