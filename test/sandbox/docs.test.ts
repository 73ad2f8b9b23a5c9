// The README's sandbox section promises fixed keys and ids: they must be the ones the sandbox serves.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../kit/spawn.js';
import { useSandbox } from '../kit/sandbox.js';

const sandbox = useSandbox();
const doc = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe('README sandbox section', () => {
  it('names the demo keys and the example ids the sandbox serves', () => {
    const sb = sandbox();
    for (const key of Object.values(sb.keys)) expect(doc).toContain(key);
    const { batches: _batches, ...ids } = sb.examples;
    for (const [name, id] of Object.entries(ids)) expect(doc, name).toContain(id);
  });
});
