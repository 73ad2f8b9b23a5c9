// The exit codes have one home (src/core/exit-codes.ts); the README's table must say the same.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/core/exit-codes.js';

const README = readFileSync(path.join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');

it("the README's exit-code table is the one in src/core/exit-codes.ts, row for row", () => {
  const start = README.indexOf('| exit | when |');
  const section = README.slice(start, README.indexOf('\n\n', start));
  const rows = section
    .split('\n')
    .slice(2)
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => {
      const [, code, meaning] = line.split('|').map((cell) => cell.trim());
      return { code: Number(code), meaning: meaning!.replace(/`/g, '') };
    });
  expect(rows).toEqual(EXIT_CODES.map(({ code, meaning }) => ({ code, meaning })));
});
