// Pages checked by zod's compiled parser once a schema has checked enough items (commands/shared/
// fetch.ts): what is printed and what a wrong page says are the same before and after.
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { internBody, internId } from '../kit/bodies.js';
import { scriptedRuns } from '../kit/scripted-runs.js';
import type { Reply } from '../kit/server.js';
import { fetchChecked } from '../../src/commands/shared/fetch.js';
import { Intern, InternList } from '../../src/api/schemas/intern.js';
import { pageOf } from '../../src/api/schemas/common.js';
import { routes } from '../../src/api/routes.js';
import type { Deps } from '../../src/commands/context.js';

const KEY = 'sk-api-test-0123456789abcdef';
const PAGE = 100;
const PAGES = 15;

/** Item `n` as text the way a server may send it: a field JSON.parse would change (number text, key order). */
function itemText(n: number, wrong: number | undefined): string {
  const body = JSON.stringify(internBody(n, n === wrong ? ({ status: 5 } as never) : {}));
  return `${body.slice(0, -1)},"usage":{"tokens":12345678901234567890,"cost":1.10,"10":"x","b":-0}}`;
}

let wrongItem: number | undefined;
const scripted = scriptedRuns({
  env: { GWCTL_API_KEY: KEY },
  fallback: (req): Reply => {
    const after = req.query.get('starting_after');
    const first = after ? Number(after.slice(-12)) + 1 : 1;
    const last = Math.min(first + PAGE - 1, PAGE * PAGES);
    const items = Array.from({ length: last - first + 1 }, (_, i) => itemText(first + i, wrongItem));
    const more = last < PAGE * PAGES;
    return {
      headers: { 'content-type': 'application/json' },
      body: `{"data":[${items.join(',')}],"has_more":${more},"next_cursor":${more ? JSON.stringify(internId(last)) : 'null'}}`,
    };
  },
});

describe('pages checked by the compiled parser', () => {
  it('--all --jsonl prints every item of every page as sent, before and after the compile', async () => {
    wrongItem = undefined;
    const r = await scripted.run(['interns', 'ls', '--all', '--limit', String(PAGE), '--jsonl']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const expected = Array.from({ length: PAGE * PAGES }, (_, i) => itemText(i + 1, undefined));
    expect(r.stdout).toBe(`${expected.join('\n')}\n`);
  });

  it('a wrong item says the same on the first page and past the compile; the pages before it are printed (exit 1)', async () => {
    const said: string[] = [];
    for (const page of [1, PAGES]) {
      wrongItem = (page - 1) * PAGE + 6;
      const r = await scripted.run(['interns', 'ls', '--all', '--limit', String(PAGE), '--jsonl']);
      expect(r.code).toBe(1);
      expect(r.stdout.split('\n').length - 1).toBe((page - 1) * PAGE);
      said.push(r.stderr);
    }
    const error = { status: 200, message: 'unexpected response for list interns: data.5.status is not string', exit_code: 1 };
    expect(said).toEqual(Array(2).fill(`${JSON.stringify({ error })}\n`));
  });
});

describe('fetchChecked', () => {
  /** Deps whose client answers every call with `body`, and a compiler that counts its loads. */
  function depsAnswering(body: unknown): { deps: Deps; loads: ReturnType<typeof vi.fn> } {
    const loads = vi.fn(() => import('../../src/api/schemas/compile.js'));
    const api = { call: () => Promise.resolve({ status: 200, headers: {}, body }) };
    return { deps: { api: () => Promise.resolve(api), heavy: { schemaCompiler: loads } } as unknown as Deps, loads };
  }

  it('compiles a page schema once it has checked 1,000 items, and answers as before', async () => {
    const schema = z.extend(pageOf(Intern), {});
    const page = { data: Array.from({ length: 500 }, (_, i) => internBody(i + 1)), has_more: true };
    const { deps, loads } = depsAnswering(page);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await fetchChecked(deps, routes.internsLs, {}, schema)).data);
    expect(loads).toHaveBeenCalledTimes(1);
    expect(answers[2]).toEqual(InternList.parse(page));
    expect(answers[2]).not.toBe(page);
  });

  it('never loads the compiler for a read of one body', async () => {
    const schema = z.extend(Intern, {});
    const { deps, loads } = depsAnswering(internBody(1));
    expect((await fetchChecked(deps, routes.internsGet, { params: { id: internId(1) } }, schema)).data).toEqual(internBody(1));
    expect(loads).not.toHaveBeenCalled();
  });
});
