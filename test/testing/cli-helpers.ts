/** Starting the command-line server (`src/testing/cli.ts`) in a child process, for its tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The CLI's entry file, run by node with its type stripping. */
export const CLI = fileURLToPath(new URL('../../src/testing/cli.ts', import.meta.url));

/** A running CLI and what it printed. */
export interface RunningCli {
  child: ChildProcess;
  output: () => string;
  baseUrl: string;
  port: number;
  apiKey: string;
  adminToken: string;
}

/** Starts the CLI with `args` and waits until it has printed its URL, key and admin token. */
export async function startCli(...args: string[]): Promise<RunningCli> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  const deadline = Date.now() + 15_000;
  while (!/CLINIC_ADMIN_TOKEN=\S+\n/.test(out)) {
    if (child.exitCode !== null) throw new Error(`the CLI exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`the CLI did not start:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const baseUrl = /CLINIC_BASE_URL=(\S+)/.exec(out)![1]!;
  return {
    child,
    output: () => out,
    baseUrl,
    port: Number(new URL(baseUrl).port),
    apiKey: /CLINIC_API_KEY=(\S+)/.exec(out)![1]!,
    adminToken: /CLINIC_ADMIN_TOKEN=(\S+)/.exec(out)![1]!,
  };
}
