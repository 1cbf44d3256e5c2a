/**
 * Shared helpers of the benchmark scripts: a result row, medians, and the results table.
 */

/** One measured figure. */
export interface BenchRow {
  /** What was measured. */
  name: string;
  /** The figure. */
  value: number;
  /** Its unit, such as `MB`, `items/s` or `×`. */
  unit: string;
  /** The goal, in words (`< 30 MB`), when there is one. */
  goal?: string;
  /** Whether the goal holds. */
  pass?: boolean;
  /** How it was measured. */
  note?: string;
}

/** The median of `values`. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Forces a full garbage collection when node runs with --expose-gc. */
export function gc(): void {
  const g = globalThis as { gc?: () => void };
  g.gc?.();
}

/** Formats a number for the table. */
export function fmt(value: number): string {
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(3);
}

/** Renders rows as a Markdown table. */
export function table(rows: BenchRow[]): string {
  const lines = ['| benchmark | result | goal | status | how |', '|---|---|---|---|---|'];
  for (const r of rows) {
    const status = r.pass === undefined ? '' : r.pass ? 'pass' : '**FAIL**';
    lines.push(
      `| ${r.name} | ${fmt(r.value)} ${r.unit} | ${r.goal ?? ''} | ${status} | ${r.note ?? ''} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Prints rows when a bench script is run on its own: the table, or with `--json` (how
 * bench/run.ts runs each suite) one line of JSON.
 */
export function printRows(rows: BenchRow[]): void {
  console.log(process.argv.includes('--json') ? JSON.stringify(rows) : table(rows));
}
