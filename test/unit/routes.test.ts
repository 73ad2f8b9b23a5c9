// The key `gwctl api` sends by default comes from the route table (src/api/routes.ts), so that it
// is the key gwctl's own command for the route sends; no second list says which paths take which.
import { describe, expect, it } from 'vitest';
import { defaultKeyFor, routes } from '../../src/api/routes.js';

describe('defaultKeyFor', () => {
  it.each(Object.values(routes).map((r) => [r.path, r.key] as const))('%s takes the key of its route (%s)', (template, key) => {
    const path = template.replace(/\{[^}]+\}/g, 'x1');
    expect(defaultKeyFor(path)).toBe(key);
    expect(defaultKeyFor(path.slice(1))).toBe(key);
    expect(defaultKeyFor(`${path}?limit=5`)).toBe(key);
  });

  it('a route the table does not hold: the key of its family when they all take the API key, else the management key', () => {
    expect(defaultKeyFor('/interns/x1/resume')).toBe('api');
    expect(defaultKeyFor('/batches')).toBe('api');
    expect(defaultKeyFor('/presets/p/versions')).toBe('management');
    expect(defaultKeyFor('/credits')).toBe('management');
    expect(defaultKeyFor('keys/k1')).toBe('management');
    expect(defaultKeyFor('/')).toBe('management');
  });
});
