/**
 * Preloaded into the CLI by bench/cli-memory.ts (`node --expose-gc --import <this>`): on SIGUSR2,
 * runs a full garbage collection and writes one line to stderr, `@memory {heapUsed, rss, ...}`
 * in bytes. A signal and stderr, not an IPC channel: the CLI keeps both when it relaunches itself
 * with its memory settings (an IPC channel would not survive, so the CLI would not relaunch).
 * Not part of the package; the CLI itself has no such hook.
 */
import { getHeapSpaceStatistics } from 'node:v8';

process.on('SIGUSR2', () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const { heapUsed, heapTotal, rss, external } = process.memoryUsage();
  const newSpace = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  const line = { heapUsed, heapTotal, rss, external, newSpace: newSpace?.space_size ?? 0 };
  process.stderr.write(`@memory ${JSON.stringify(line)}\n`);
});
