// W3C trace context (www.w3.org/TR/trace-context): a trace the caller began (TRACEPARENT and
// TRACESTATE in the environment, or an MCP request's `_meta.traceparent`) goes on each request
// to the gateway, every request with a parent id of its own. Nothing is recorded or exported.

/** A caller's trace: its id and flags, and its vendors' state, passed on as given. */
export interface TraceContext {
  readonly traceId: string;
  readonly flags: string;
  readonly state?: string;
}

/** version-traceid-parentid-flags, lower-case hex; a version after 00 may add fields after a dash. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
/** One tracestate member: a key (simple, or tenant@system) and a value of printable ASCII but `,` and `=`, not ending in a space. */
const MEMBER =
  /^(?:[a-z][a-z0-9_*/-]{0,255}|[a-z0-9][a-z0-9_*/-]{0,240}@[a-z][a-z0-9_*/-]{0,13})=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

/**
 * The trace of a `traceparent` (with its `tracestate`), or undefined when it is not valid: then
 * it is ignored, as the W3C format says a receiver does (a version ff, an id of zeros, upper-case
 * hex), and its tracestate with it. A tracestate that is not valid is dropped alone.
 */
export function traceContext(traceparent: string | undefined, tracestate?: string): TraceContext | undefined {
  const [, version, traceId, parentId, flags, rest] = TRACEPARENT.exec(traceparent?.trim() ?? '') ?? [];
  if (!version || !traceId || !parentId || !flags) return undefined;
  if (version === 'ff' || (version === '00' && rest !== undefined) || /^0+$/.test(traceId) || /^0+$/.test(parentId)) return undefined;
  const given = tracestate?.trim() ?? '';
  const members = given
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  const state = members.length <= 32 && members.every((m) => MEMBER.test(m)) ? given : '';
  // Sent as version 00, whose flags are the sampled and random bits.
  const sent = version === '00' ? flags : (parseInt(flags, 16) & 3).toString(16).padStart(2, '0');
  return { traceId, flags: sent, ...(state ? { state } : {}) };
}

/** The headers of one request of the trace: its id and flags, and a parent id new for this request. */
export function traceHeaders(trace: TraceContext): { traceparent: string; tracestate?: string } {
  let parent: string;
  do parent = Buffer.from(crypto.getRandomValues(new Uint8Array(8))).toString('hex');
  while (parent === '0000000000000000');
  return { traceparent: `00-${trace.traceId}-${parent}-${trace.flags}`, ...(trace.state ? { tracestate: trace.state } : {}) };
}
