// The operations under /api/v1 (api/routes.ts) with what the sandbox adds. Matched by segments, so
// an empty parameter (`/batches/`) is this route's error, not an unknown path; HEAD is answered as GET.
import { routes, type Route } from '../api/routes.js';
import type { RouteDef } from './context.js';
import type { Family } from './errors.js';
import { LIMITS } from './limits.js';
import * as presets from './handlers/presets.js';
import * as batches from './handlers/batches.js';
import * as interns from './handlers/interns.js';
import { getOne, offsetList } from './handlers/generic.js';
import { visibleIntern } from './handlers/visibility.js';
import { byokOf, endpointErrorExtras, findEndpoint, workspaceBudgets } from './handlers/reads.js';
import { secretsOf } from './data/secrets.js';
import { findTool } from './data/tools.js';

const INTERN_BODY = LIMITS.internBodyBytes;
const SECRET_PAGES = { page: LIMITS.secretPage, offset: LIMITS.secretOffset };
const BYOK_PAGES = { page: LIMITS.byokPage, offset: LIMITS.byokOffset };
const OTHER_BODY = LIMITS.otherBodyBytes;

/** What a family's routes share (error family, access, deadline, body limit); a route says only where it differs. */
const INTERNS = { family: 'interns', access: 'interns', deadline: true, bodyLimit: INTERN_BODY } as const;
const BATCHES = { family: 'batches', access: 'batches', deadline: false, bodyLimit: OTHER_BODY } as const;
const MANAGEMENT = { family: 'management', access: 'management', deadline: false, bodyLimit: OTHER_BODY } as const;

/** What the sandbox adds to each route of api/routes.ts, keyed by its names: a route only one side has does not compile. */
const SERVED: { readonly [K in keyof typeof routes]: SandboxRoute } = {
  endpointsGet: {
    ...MANAGEMENT,
    deadline: true,
    emptyParamStatus: 404,
    handler: getOne(findEndpoint, { wrap: true }),
    errorExtras: endpointErrorExtras,
  },
  presetsCreate: { ...MANAGEMENT, emptyParamStatus: 400, handler: presets.createPreset },
  batchesGet: { ...BATCHES, emptyParamStatus: 404, handler: batches.getBatch },
  batchesDelete: { ...BATCHES, emptyParamStatus: 404, handler: batches.deleteBatch },
  internsSuspend: { ...INTERNS, emptyParamStatus: 400, handler: interns.suspendIntern },
  internsLs: { ...INTERNS, emptyParamStatus: 400, handler: interns.listInterns },
  internsGet: { ...INTERNS, emptyParamStatus: 404, handler: interns.getIntern },
  // An intern's own key can always read its intern's secrets, and only those (metadata, ordered by name).
  vaultSecrets: {
    ...INTERNS,
    emptyParamStatus: 404,
    handler: offsetList((ctx) => secretsOf(ctx.state.interns, visibleIntern(ctx, ctx.params.id!)), SECRET_PAGES, 'has_more'),
  },
  byokLs: { ...MANAGEMENT, emptyParamStatus: 400, handler: offsetList(byokOf, BYOK_PAGES, 'total_count') },
  budgetsLs: { ...MANAGEMENT, access: 'workspace', emptyParamStatus: 404, handler: getOne(workspaceBudgets) },
  // By canonical name or any alias (the document; openapi.json allows a 308 to the canonical URL instead, which a fault can imitate).
  toolsGet: { ...MANAGEMENT, emptyParamStatus: 404, handler: getOne((_ctx, name) => findTool(name), { wrap: true }) },
};

type SandboxRoute = Omit<RouteDef, 'name' | 'method' | 'pattern'>;

/** The client's routes with what the sandbox adds; `{param}` of the client's path is `:param` here. */
export const ROUTES: readonly RouteDef[] = Object.entries(SERVED).map(([key, served]) => {
  const route: Route = routes[key as keyof typeof routes];
  return { name: route.name, method: route.method, pattern: route.path.replace(/\{(\w+)\}/g, ':$1'), ...served };
});

export type Match =
  | { kind: 'route'; route: RouteDef; params: Record<string, string>; emptyParam: boolean }
  | { kind: 'method'; allowed: string[]; family: Family }
  | { kind: 'none' };

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPattern(pattern: string, segments: readonly string[]): { params: Record<string, string>; emptyParam: boolean } | undefined {
  const parts = pattern.split('/').slice(1);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  let emptyParam = false;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const segment = segments[i]!;
    if (part.startsWith(':')) {
      const value = decode(segment);
      if (value === '') emptyParam = true;
      params[part.slice(1)] = value;
    } else if (part !== segment) {
      return undefined;
    }
  }
  return { params, emptyParam };
}

/** `path` is relative to /api/v1 and starts with a slash. */
export function matchRoute(method: string, path: string): Match {
  const segments = path.split('/').slice(1);
  const allowed: string[] = [];
  let family: Family = 'management';
  for (const route of ROUTES) {
    const found = matchPattern(route.pattern, segments);
    if (!found) continue;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { kind: 'route', route, ...found };
    allowed.push(route.method);
    family = route.family;
  }
  return allowed.length ? { kind: 'method', allowed, family } : { kind: 'none' };
}
