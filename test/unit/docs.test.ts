// The README is a short page for users that points to the guides in docs/; facts the guides
// state in prose and tables must be the ones the code has.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/core/exit-codes.js';

const ROOT = path.join(import.meta.dirname, '..', '..');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

/** The README, every guide in docs/ and the benchmarks' page: the pages a user can follow links between. */
const PAGES = [
  'README.md',
  'bench/README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

it('the exit-code table in docs/scripting.md is the one in src/core/exit-codes.ts, row for row', () => {
  const guide = read('docs/scripting.md');
  const start = guide.indexOf('| exit | when |');
  expect(start).toBeGreaterThan(-1);
  const section = guide.slice(start, guide.indexOf('\n\n', start));
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

it('the README stays a short page: at most 15 KB', () => {
  expect(Buffer.byteLength(read('README.md'))).toBeLessThanOrEqual(15 * 1024);
});

describe('links between the pages', () => {
  it.each(PAGES)('every relative link of %s names a file that exists', (page) => {
    const text = read(page);
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^(https?:|mailto:|#)/.test(t));
    for (const target of targets) {
      const file = path.join(ROOT, path.dirname(page), target.split('#')[0]!);
      expect(existsSync(file), `${page} links to ${target}`).toBe(true);
    }
  });
});
