/**
 * Shared helpers of the benchmark scripts: a result row, medians, the results table, the bytes a
 * call allocates and keeps, and the appointment the overhead benchmark's servers answer with.
 */
import { setImmediate as turn } from 'node:timers/promises';
import { GCProfiler, getHeapStatistics } from 'node:v8';

/** The id of the appointment the overhead benchmark retrieves. */
export const ID = '3f0c2a1e-8b7d-4c6e-9f5a-2b1c0d9e8f7a';
/** Its wire body (spec 2.1). */
export const BODY = JSON.stringify({
  id: ID,
  appointment_type: { id: 1, name: 'Consultation' },
  patient: { id: 7, name: 'Ana Souza', phone: '+5511987654321' },
  professional: { id: 3, name: 'Dr. Lima', specialty: 'Cardiology' },
  room: { id: 2, name: 'Room 2' },
  start_at: '2026-03-02T14:30:00-03:00',
  end_at: '2026-03-02T15:00:00-03:00',
  modality: 'in_person',
  origin: 'api',
  status: 'scheduled',
  created_at: '2026-03-01T10:00:00-03:00',
  updated_at: '2026-03-01T10:00:00-03:00',
});

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

/**
 * The bytes `fn` allocates per call, over `count` awaited calls after a quarter as many unmeasured:
 * V8's `GCProfiler` gives the heap used at each collection's start and end, so what was
 * allocated is the sum, over collections, of the heap used at one's start less after the one
 * before (and at the end, less after the last). Nothing is collected by force.
 */
export async function allocatedPerCall(fn: () => Promise<unknown>, count: number): Promise<number> {
  for (let i = 0; i < count / 4; i++) await fn();
  const profiler = new GCProfiler();
  profiler.start();
  let last = getHeapStatistics().used_heap_size;
  for (let i = 0; i < count; i++) await fn();
  const end = getHeapStatistics().used_heap_size;
  let allocated = 0;
  for (const { beforeGC, afterGC } of profiler.stop()?.statistics ?? []) {
    allocated += beforeGC.heapStatistics.usedHeapSize - last;
    last = afterGC.heapStatistics.usedHeapSize;
  }
  return (allocated + end - last) / count;
}

/**
 * The bytes a call of `fn` still holds when a loop of `count` awaited calls ends: the heap used
 * after a full collection at the loop's end, less before it, per call. What a call keeps until a
 * later task (a timer, a finalizer) counts; the event loop then turns before the next figure.
 * Needs --expose-gc.
 */
export async function retainedPerCall(fn: () => Promise<unknown>, count: number): Promise<number> {
  for (let i = 0; i < 200; i++) await fn();
  const settle = async () => {
    for (let i = 0; i < 2; i++) {
      await turn();
      gc();
    }
  };
  await settle();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < count; i++) await fn();
  gc();
  const after = process.memoryUsage().heapUsed;
  await settle();
  return (after - before) / count;
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
