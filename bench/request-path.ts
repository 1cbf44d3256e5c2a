/**
 * The request path's size in source lines: the seven files issue 26 counts (about 1,100 lines
 * when it was filed), against its goal of at most 800. Lines as `wc -l` counts them, comments included.
 *
 *   node bench/request-path.ts [--json]
 */
import { readFileSync } from 'node:fs';
import { printRows } from './lib.ts';

const FILES = ['request', 'attempt', 'retry', 'headers', 'redact', 'body', 'observe'];
const GOAL = 800;

const counts = FILES.map((name) => {
  const text = readFileSync(new URL(`../src/internal/${name}.ts`, import.meta.url), 'utf8');
  return [name, text.split('\n').length - (text.endsWith('\n') ? 1 : 0)] as const;
});
const total = counts.reduce((sum, [, lines]) => sum + lines, 0);

printRows([
  {
    name: 'request path: src/internal/{request,attempt,retry,headers,redact,body,observe}.ts',
    value: total,
    unit: 'lines',
    goal: `≤ ${GOAL} lines`,
    pass: total <= GOAL,
    note: counts.map(([name, lines]) => `${name} ${lines}`).join(', '),
  },
]);
