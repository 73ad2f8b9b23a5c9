// What ARCHITECTURE.md, the guides and the source's comments say about the tree, checked, so that
// they cannot drift from it silently: every file they name exists. (The layer rules are
// dependency-cruiser's, the chunk counts test/build/chunks.test.ts's.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../kit/spawn.js';

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** The project's own files, each as `/path` so that a name can be matched as a path's end. */
const tree = [
  ...readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name),
  ...['src', 'test', 'scripts', 'bench', 'docs', 'bin', '.ci'].flatMap(filesUnder),
].map((file) => `/${file}`);

/**
 * Whether `name`, as `file` names it, is a file of the tree: a relative name (`./jq-thread.ts`,
 * `../ARCHITECTURE.md`) from the file's folder, any other as the end of a path. In a guide, `./`
 * starts the reader's own file in a shell snippet (`./my-script.sh`), not one of ours.
 */
function exists(name: string, file: string): boolean {
  if (name.startsWith('./') && file.endsWith('.md')) return true;
  // The files of the worked example of docs/development.md ("Adding an operation", `keys ls`) are the reader's to write.
  if (file === 'docs/development.md' && /(^|\/)keys?(\/|\.ts$)/.test(name)) return true;
  if (name.startsWith('./') || name.startsWith('../')) return tree.includes(`/${path.join(path.dirname(file), name)}`);
  return tree.some((f) => f.endsWith(`/${name}`));
}

/** The texts that name files: the guides whole, the source by its comments alone. */
function texts(): { file: string; text: string }[] {
  const guides = ['ARCHITECTURE.md', 'README.md', 'bench/README.md', ...filesUnder('docs').filter((f) => f.endsWith('.md'))];
  const sources = filesUnder('src').filter((f) => f.endsWith('.ts') && !f.endsWith('.generated.ts'));
  return [
    ...guides.map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') })),
    ...sources.map((file) => ({
      file,
      text: (readFileSync(path.join(ROOT, file), 'utf8').match(/\/\/.*|\/\*[\s\S]*?\*\//g) ?? []).join('\n'),
    })),
  ];
}

// A file name with a folder or an extension of ours: `core/io.ts`, `bench/run.sh`, `ARCHITECTURE.md`.
// A name that starts with `-` (`<verb>-run.ts`, a pattern) is not one.
const FILE_NAME = /(?<![\w./<>-])((?:[\w.-]+\/)*\w[\w.-]*\.(?:ts|mjs|cjs|md|sh))\b/g;

describe('the files the documents name', () => {
  it('exist: every name in ARCHITECTURE.md, the README, bench/README.md, docs/ and the comments of src/ is the end of a path in the tree', () => {
    const missing: string[] = [];
    for (const { file, text } of texts()) {
      for (const [, name] of text.matchAll(FILE_NAME)) if (!exists(name!, file)) missing.push(`${file}: ${name!}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('the map and the records', () => {
  it('ARCHITECTURE.md is a map, at most 250 lines: reasons go to docs/decisions/', () => {
    expect(readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('each decision record has a number of its own', () => {
    const numbers = readdirSync(path.join(ROOT, 'docs', 'decisions')).map((name) => /^(\d{3})-/.exec(name)?.[1]);
    expect(numbers).not.toContain(undefined);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
