/**
 * Preloaded into the CLI by bench/cli-memory.ts (`node --expose-gc --import <this>`): on an IPC
 * message `heap`, runs a full garbage collection and answers the live heap and the resident set
 * size (RSS) in bytes. Not part
 * of the package; the CLI itself has no such hook.
 */
process.on('message', (message) => {
  if (message !== 'heap') return;
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  process.send?.({ heapUsed, rss });
});
