// What a handler is given, and what a route is: the vocabulary that the router, the server and
// every handler share. It lives apart from the router so that handlers never import the module
// that imports them.
import type { Moment } from './clock.js';
import type { Family, HttpError } from './errors.js';
import type { BodyRead, Reply } from './http.js';
import type { Caller, KeyKind } from './keys.js';
import type { SandboxState } from './state.js';

/**
 * Who may call a route:
 *  - interns: any demo key in the interns programme (management, api, intern); outsider gets 404;
 *  - batches: any demo key;
 *  - management: the management key only (403 otherwise);
 *  - workspace: like management, but an intern's own key gets 404 ("every workspace route answers 404 to it").
 */
export type Access = 'interns' | 'batches' | 'management' | 'workspace';

export interface Context {
  route: RouteDef;
  params: Record<string, string>;
  query: URLSearchParams;
  body: BodyRead;
  /** The media type of the body, lower-case, without parameters; undefined when not sent. */
  mediaType: string | undefined;
  caller: { kind: KeyKind };
  state: SandboxState;
  settings: { defaultWorkspaceDeleted: boolean };
  /** The wall clock: what a request changes is dated with it, and batch retention runs on it. */
  now(): number;
  /** The clocks as this request found them: every record it shows is as of this moment. */
  moment: Moment;
  /** An error in this route's envelope; throw it. */
  fail(status: number, message?: string): HttpError;
}

export type Handler = (ctx: Context) => Reply | Promise<Reply>;

export interface RouteDef {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Relative to /api/v1; `:name` captures one segment. */
  pattern: string;
  family: Family;
  access: Access;
  /** Interns routes and the private-endpoint read answer 408 when an operation passes the timeout. */
  deadline: boolean;
  bodyLimit: number;
  /** The answer to an empty path parameter: 400 where the route documents one, else 404. */
  emptyParamStatus: 400 | 404;
  handler: Handler;
  /** Extra top-level fields of this route's error bodies. */
  errorExtras?: (caller: Caller) => Record<string, unknown>;
}
