/**
 * The README's set-up commands, read from its first screen: the `sh` block under `## Set up`,
 * one command a line (`npm ci`, `npm test`, `npm run demo`), each followed by a `#` comment.
 * `.ci/run` runs them as the README writes them; test/docs/readme-setup.test.ts fails when the
 * README stops naming them, or names them below its first screen.
 *
 *   node scripts/readme-setup.ts install|test|demo     prints that command
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The set-up commands, and the README line of the block that holds them (1-based). */
export interface ReadmeSetup {
  install: string;
  test: string;
  demo: string;
  line: number;
}

/** The README's set-up commands; throws when the block or one of the commands is missing. */
export function readmeSetup(readme: string): ReadmeSetup {
  const section = readme.indexOf('\n## Set up\n');
  const block = section === -1 ? null : /^```sh\n([\s\S]*?)^```$/m.exec(readme.slice(section));
  if (!block) throw new Error('README.md: no ```sh block under "## Set up"');
  const commands = block[1]!
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '');
  const find = (name: string, test: (command: string) => boolean) => {
    const command = commands.find(test);
    if (!command) throw new Error(`README.md: the set-up block names no ${name} command`);
    return command;
  };
  return {
    install: find('install', (c) => /^npm (ci|install)\b/.test(c)),
    test: find('test', (c) => /^npm (run )?test\b/.test(c)),
    demo: find('demo', (c) => /^npm run demo\b/.test(c)),
    line: readme.slice(0, section + 1 + block.index).split('\n').length,
  };
}

if (import.meta.main) {
  const which = process.argv[2] as 'install' | 'test' | 'demo';
  const setup = readmeSetup(readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8'));
  if (!['install', 'test', 'demo'].includes(which)) {
    console.error('usage: node scripts/readme-setup.ts install|test|demo');
    process.exit(2);
  }
  console.log(setup[which]);
}
