// The answer to a client's opening request, given before the MCP SDK has loaded: loading it (its
// modules, and the schema registry its first message builds) is most of the start-up of `gwctl
// mcp` (bench/README.md, "gwctl mcp: answering before the SDK loads"). The answer depends only on
// the revision asked for and on what identity.ts says, so it needs none of the SDK's machinery;
// the SDK is still handed the same request afterwards (stdio.ts), answers it for itself (that
// answer is held back, as the client has had it), and serves everything after it. Only a request
// the SDK surely accepts is answered here; anything else waits for the SDK. Each check below is
// narrower than the SDK's (a field it would take but that is rare, such as a client's icons or the
// deprecated tasks capability, sends the request to the SDK instead), so an answer given early is
// never one the SDK would have refused; test/mcp/handshake.test.ts holds the two to the same answers.
import { instructionsFor, SERVER_CAPABILITIES, SERVER_INFO } from './identity.js';
import { DISCOVER_REVISIONS, HANDSHAKE_REVISIONS } from './revisions.generated.js';

/** The 2026-07-28 envelope's keys, in a request's `_meta`. */
const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

type RequestId = string | number;

/** A request answered early: its id, and the response line's message. */
export type EarlyAnswer = { id: RequestId; response: { result: Record<string, unknown>; jsonrpc: '2.0'; id: RequestId } };

/**
 * The answer to `message` (a client's first, as parsed), or undefined when the SDK is to answer
 * it; `instructions` are the server's (identity.ts: --no-confirm and the tools left out say themselves there).
 */
export function earlyAnswer(message: unknown, instructions = instructionsFor()): EarlyAnswer | undefined {
  if (!isPlainObject(message) || !onlyKeys(message, ['jsonrpc', 'id', 'method', 'params']) || message.jsonrpc !== '2.0') return undefined;
  const { id, method, params } = message;
  if (!(typeof id === 'string' || Number.isSafeInteger(id))) return undefined;
  const result =
    method === 'initialize'
      ? initializeResult(params, instructions)
      : method === 'server/discover'
        ? discoverResult(params, instructions)
        : undefined;
  // The key order is the SDK's, so that the two answers are the same text, not only the same JSON.
  return result && { id: id as RequestId, response: { result, jsonrpc: '2.0', id: id as RequestId } };
}

/**
 * The 2025 handshake: the revision asked for when the SDK agrees to it, else the SDK's first
 * (its rule, with its list). A request carrying `_meta` is left to the SDK: that is where a
 * 2026-07-28 envelope would turn an `initialize` into a request of the other era.
 */
function initializeResult(params: unknown, instructions: string): Record<string, unknown> | undefined {
  if (!isPlainObject(params) || !onlyKeys(params, ['protocolVersion', 'capabilities', 'clientInfo'])) return undefined;
  const { protocolVersion: asked, capabilities, clientInfo } = params;
  if (typeof asked !== 'string' || !isClientCapabilities(capabilities) || !isImplementation(clientInfo)) return undefined;
  return {
    protocolVersion: HANDSHAKE_REVISIONS.includes(asked) ? asked : HANDSHAKE_REVISIONS[0],
    capabilities: SERVER_CAPABILITIES,
    serverInfo: SERVER_INFO,
    instructions,
  };
}

/**
 * The 2026-07-28 revision's opening: a `server/discover` whose envelope names a revision the SDK
 * serves (another is the SDK's to refuse). The result is as the SDK's encoding of that revision
 * gives it: complete, with no cache hint configured (kept 0 ms, private), naming the server.
 */
function discoverResult(params: unknown, instructions: string): Record<string, unknown> | undefined {
  if (!isPlainObject(params) || !onlyKeys(params, ['_meta'])) return undefined;
  const meta = params._meta;
  if (!isPlainObject(meta) || !onlyKeys(meta, [PROTOCOL_VERSION, CLIENT_INFO, CLIENT_CAPABILITIES])) return undefined;
  const revision = meta[PROTOCOL_VERSION];
  if (typeof revision !== 'string' || !DISCOVER_REVISIONS.includes(revision)) return undefined;
  if (!isClientCapabilities(meta[CLIENT_CAPABILITIES])) return undefined;
  if (meta[CLIENT_INFO] !== undefined && !isImplementation(meta[CLIENT_INFO])) return undefined;
  return {
    supportedVersions: DISCOVER_REVISIONS,
    capabilities: SERVER_CAPABILITIES,
    instructions,
    resultType: 'complete',
    ttlMs: 0,
    cacheScope: 'private',
    _meta: { [SERVER_INFO_KEY]: SERVER_INFO },
  };
}

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every key of `value` is one of `known`. */
function onlyKeys(value: Json, known: readonly string[]): boolean {
  return Object.keys(value).every((key) => known.includes(key));
}

const optionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';
const optionalObject = (value: unknown): boolean => value === undefined || isPlainObject(value);
/** A map of names to objects (`experimental`, `extensions`). */
const optionalObjectMap = (value: unknown): boolean =>
  value === undefined || (isPlainObject(value) && Object.values(value).every((entry) => isPlainObject(entry)));

/** A client's name and version (the 2025 `clientInfo`, the 2026 envelope's client info). */
function isImplementation(value: unknown): boolean {
  if (!isPlainObject(value) || !onlyKeys(value, ['name', 'version', 'title', 'websiteUrl', 'description'])) return false;
  const { name, version, title, websiteUrl, description } = value;
  return typeof name === 'string' && typeof version === 'string' && [title, websiteUrl, description].every(optionalString);
}

/** A client's capabilities, as both eras declare them (roots, sampling, elicitation, experimental, extensions). */
function isClientCapabilities(value: unknown): boolean {
  if (!isPlainObject(value) || !onlyKeys(value, ['roots', 'sampling', 'elicitation', 'experimental', 'extensions'])) return false;
  const { roots, sampling, elicitation, experimental, extensions } = value;
  const rootsOk =
    roots === undefined ||
    (isPlainObject(roots) &&
      onlyKeys(roots, ['listChanged']) &&
      (roots.listChanged === undefined || typeof roots.listChanged === 'boolean'));
  const samplingOk =
    sampling === undefined ||
    (isPlainObject(sampling) &&
      onlyKeys(sampling, ['context', 'tools']) &&
      optionalObject(sampling.context) &&
      optionalObject(sampling.tools));
  return rootsOk && samplingOk && isElicitation(elicitation) && optionalObjectMap(experimental) && optionalObjectMap(extensions);
}

function isElicitation(value: unknown): boolean {
  if (value === undefined) return true;
  if (!isPlainObject(value) || !onlyKeys(value, ['form', 'url']) || !optionalObject(value.url)) return false;
  const { form } = value;
  return form === undefined || (isPlainObject(form) && (form.applyDefaults === undefined || typeof form.applyDefaults === 'boolean'));
}
