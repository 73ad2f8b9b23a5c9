import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A JSON body from test/fixtures, parsed fresh for each use. */
export function fixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'fixtures', `${name}.json`), 'utf8')) as T;
}
