/** The CLI's memory settings for a server left running for days (docs/testing-cli.md, "Memory"). @module */

/**
 * V8's flag for a process that favours its memory over its speed. Without it, under steady load V8
 * grows its young generation to what the machine's memory allows (two 64 MB halves on 24 GiB)
 * and keeps the pages it frees for reuse, and gives neither back while the load lasts: most of the
 * CLI's memory. Measured by bench/cli-memory.ts (the throughput stays within its noise).
 */
export const MEMORY_FLAG = '--optimize-for-size';

/** Flags by which the user has chosen V8's memory settings: the CLI then keeps them. */
const OWN_SETTINGS = /^(--optimize-for-size|--max-semi-space-size)\b/;

/**
 * Starts this process again, in place (same pid, same stdio, same environment), with
 * {@link MEMORY_FLAG}, unless node was given memory settings of its own (`--max-semi-space-size`,
 * also in `NODE_OPTIONS`), `CLINIC_MOCK_NO_RELAUNCH=1` is set, an IPC channel is open (it would
 * not survive), or node cannot (`process.execve`: Node.js 22.15 and later, not Windows).
 */
export function relaunchWithMemorySettings(): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (
    given.some((flag) => OWN_SETTINGS.test(flag)) ||
    process.env.CLINIC_MOCK_NO_RELAUNCH === '1' ||
    process.channel !== undefined ||
    typeof process.execve !== 'function'
  ) {
    return;
  }
  try {
    process.execve(
      process.execPath,
      [process.execPath, MEMORY_FLAG, ...process.execArgv, ...process.argv.slice(1)],
      process.env,
    );
  } catch {
    // Runs as started: V8's own sizing, more memory, nothing else changes.
  }
}
