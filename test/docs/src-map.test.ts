/** src/README.md, the map of the sources: it names every top-level file and folder of src/. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

describe('src/README.md', () => {
  const map = readFileSync(join(SRC, 'README.md'), 'utf8');

  it.each(readdirSync(SRC).filter((name) => name !== 'README.md'))('names %s', (name) => {
    expect(map).toMatch(new RegExp(`\`${name.replace('.', '\\.')}[/\`]`));
  });
});
