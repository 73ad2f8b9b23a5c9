// The operations of the management API: where they live and which key they need. Each is
// declared by its command's spec (`operation`); routes.generated.ts gathers them. Kept free of
// schemas so that naming a route loads nothing.
import type { KeyKind, Operation } from '../core/spec.js';
import { routes } from './routes.generated.js';

export type { KeyKind } from '../core/spec.js';
export { routes } from './routes.generated.js';

export interface Route extends Operation {
  /**
   * True when repeating the request after it may have reached the server could change
   * something twice (every method but GET); such requests are retried only when the server has
   * said so or when the connection was never made.
   */
  readonly unsafe?: boolean;
  /**
   * Retried only when the request cannot have reached the server, whatever the answer says:
   * a request of `gwctl api` other than GET or HEAD, to a route the tool does not know.
   */
  readonly retryOnlyUnsent?: boolean;
}

/**
 * The key `gwctl api` sends to a path when not told, decided by the table above, so that it is
 * the key gwctl's own command for that route sends: the key of the route whose path matches;
 * else, for a route the table does not hold, the key of the routes under the same first segment
 * when they all take the API key (`interns/{id}/resume` is the interns programme's); else, as on
 * every route of the gateway the table does not know, the management key.
 */
export function defaultKeyFor(path: string): KeyKind {
  const wanted = segmentsOf(path);
  const table: readonly Route[] = Object.values(routes);
  const route = table.find((r) => {
    const template = segmentsOf(r.path);
    return (
      template.length === wanted.length && template.every((part, i) => part === wanted[i] || (part.startsWith('{') && wanted[i] !== ''))
    );
  });
  if (route) return route.key;
  const family = table.filter((r) => segmentsOf(r.path)[0] === wanted[0]);
  return family.length > 0 && family.every((r) => r.key === 'api') ? 'api' : 'management';
}

/** The parameters of `path` when it is a path of the route `template` (`/interns/{id}/suspend`), else undefined. */
export function paramsOf(template: string, path: string): Record<string, string> | undefined {
  const parts = segmentsOf(template);
  const given = segmentsOf(path);
  if (parts.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const word = given[i]!;
    if (part.startsWith('{') && word !== '') params[part.slice(1, -1)] = safeDecode(word);
    else if (part !== word) return undefined;
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A path's segments, without its query or fragment and without the slashes at either end. */
function segmentsOf(path: string): string[] {
  return path
    .split(/[?#]/)[0]!
    .replace(/^\/+|\/+$/g, '')
    .split('/');
}

/** Where the known routes begin, for completing `gwctl api <path>`: `interns`, `private-endpoints/`... */
export function routePrefixes(): string[] {
  const prefixes = Object.values(routes).map((r) => {
    const cut = r.path.indexOf('{');
    return (cut < 0 ? r.path : r.path.slice(0, cut)).replace(/^\//, '');
  });
  return [...new Set(prefixes)].sort();
}
