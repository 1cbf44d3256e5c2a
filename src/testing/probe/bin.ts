#!/usr/bin/env node
/** The `clinic-scheduling-probe` command (see docs/probe.md). @module */
import { writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { probeCli } from './cli.ts';

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

// No top-level await: the command is also built as CommonJS.
void probeCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  ask: process.stdin.isTTY ? ask : undefined,
  writeFile: (path, text) => writeFile(path, text, { mode: 0o644 }),
}).then((status) => {
  process.exitCode = status;
});
