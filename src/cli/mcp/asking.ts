// How the server asks the person at the client before a write acts. The tool says what it would
// do and which targets that binds (`state`); the server asks in the way the client's revision
// allows, and hands back the answer with the state the person was shown.
// - 2025 revisions: `elicitation/create` sent to the client inside the call; the call waits.
// - 2026-07-28: no server-to-client requests; the first round ends with an input-required result
//   carrying the form and the state sealed (HMAC-SHA256 with a key made for this server, bound to
//   the tool and its arguments, expiring); the client calls again with the answer and that state,
//   and the write acts on the state as sealed, never on one the client sent or the tool made again.
// Either way a person's yes allows one write: an accepted answer carries `spend`, which the write
// calls just before it starts; a sealed state carries a one-time id, so the same state and answer
// sent again, or twice at once, allow nothing more.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  type CallToolResult,
  type ClientCapabilities,
  type jsonSchemaValidator,
  type JsonSchemaType,
  type ServerContext,
} from '@modelcontextprotocol/server';

/** What a write tool shows the person, and the state it binds (the targets shown). */
export interface ConfirmRequest {
  message: string;
  requestedSchema: { type: 'object'; properties: Record<string, object>; required: string[] };
  /** JSON: what the write acts on once the person accepts. */
  state: unknown;
}

export type ConfirmAnswer =
  | {
      action: 'accept' | 'decline' | 'cancel';
      content?: Record<string, unknown>;
      /** The state the person was shown (JSON). */
      state: unknown;
      /** Spends this answer: true the first time, false ever after. Synchronous, so two calls cannot both pass. */
      spend: () => boolean;
    }
  /** The client did not declare elicitation (form mode): there is nobody to ask. */
  | { action: 'unavailable' };

export type Confirm = (request: ConfirmRequest) => Promise<ConfirmAnswer>;

/**
 * Thrown by a 2026-07-28 `confirm` on the call's first round: the call ends here with an
 * input-required result that asks the person, and nothing has changed. A tool lets it through.
 */
export class InputRequired extends Error {
  override name = 'InputRequired';
}

/** How long a person may take to answer a 2026-07-28 round before its state expires. */
export const ROUND_STATE_TTL_SECONDS = 600;
/** How long a 2025 client may take to answer `elicitation/create` (a person is reading). */
const ELICITATION_TIMEOUT_MS = 10 * 60 * 1000;
/** The key of the one input a write asks for, in a round's `inputRequests` and `inputResponses`. */
const CONFIRM_INPUT = 'confirm';

/** Whether the client declared form elicitation (a bare `elicitation: {}` is form, as before modes). */
export function asksByForm(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as { form?: object; url?: object } | undefined;
  if (!elicitation) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

/**
 * A first 2026-07-28 round: it hands the question to `asked` and ends the call by throwing
 * InputRequired, or answers 'unavailable' when the request declared no elicitation.
 */
export function firstRoundConfirm(capabilities: ClientCapabilities | undefined, asked: (request: ConfirmRequest) => void): Confirm {
  return (request) => {
    if (!asksByForm(capabilities)) return Promise.resolve({ action: 'unavailable' });
    asked(request);
    throw new InputRequired('the person has not answered yet');
  };
}

/** 2025 era: ask in the call, by `elicitation/create` related to it. */
export function elicitingConfirm(ctx: ServerContext, capabilities: ClientCapabilities | undefined): Confirm {
  return async (request) => {
    if (!asksByForm(capabilities)) return { action: 'unavailable' };
    const answer = await ctx.mcpReq.send(
      { method: 'elicitation/create', params: { mode: 'form', message: request.message, requestedSchema: request.requestedSchema } },
      { signal: ctx.mcpReq.signal, timeout: ELICITATION_TIMEOUT_MS },
    );
    let spent = false;
    const spend = (): boolean => !spent && (spent = true);
    return { action: answer.action, ...(answer.content ? { content: answer.content } : {}), state: request.state, spend };
  };
}

interface Sealed {
  tool: string;
  /** The call's arguments as sent in the first round: the answer belongs to that call only. */
  arguments: string;
  state: unknown;
  /** The one-time id of this confirmation: spent by the first write it allows. */
  once: string;
}

/** The 2026-07-28 rounds of one server: its sealing key, the questions it seals and the answers it takes back. */
export class Rounds {
  private readonly codec;
  /** The one-time ids spent, each with when its state expires (then it cannot verify anyway). */
  private readonly spent = new Map<string, number>();

  constructor(private readonly ttlSeconds = ROUND_STATE_TTL_SECONDS) {
    this.codec = createRequestStateCodec<Sealed>({ key: randomBytes(32), ttlSeconds });
  }

  /** Spends a one-time id: true the first time, false once spent. */
  private spend(once: string): boolean {
    const now = Date.now();
    for (const [id, expires] of this.spent) if (expires < now) this.spent.delete(id);
    if (this.spent.has(once)) return false;
    this.spent.set(once, now + Math.max(this.ttlSeconds, 0) * 1000);
    return true;
  }

  /**
   * A later round's answer: the person's response, with the state as sealed (the targets they
   * saw); undefined in a first round (no state). A state that is not one this server sealed for
   * this tool and these arguments, or has expired, is refused.
   */
  async answerFor(tool: string, args: Record<string, unknown>, ctx: ServerContext): Promise<ConfirmAnswer | undefined> {
    const raw = ctx.mcpReq.requestState<unknown>();
    if (raw === undefined) return undefined;
    if (typeof raw !== 'string') throw new RoundStateRefused();
    let sealed: Sealed;
    try {
      sealed = await this.codec.verify(raw, ctx);
    } catch {
      throw new RoundStateRefused();
    }
    if (sealed.tool !== tool || sealed.arguments !== JSON.stringify(args) || typeof sealed.once !== 'string') throw new RoundStateRefused();
    const answer = inputResponse(ctx.mcpReq.inputResponses, CONFIRM_INPUT);
    const { once, state } = sealed;
    const spend = (): boolean => this.spend(once);
    return answer.kind === 'elicit'
      ? { action: answer.action, ...(answer.content ? { content: answer.content } : {}), state, spend }
      : // A round without an answer to the form is no confirmation.
        { action: 'cancel', state, spend };
  }

  /** The input-required result that asks the person, with the request's state sealed. */
  async ask(tool: string, args: Record<string, unknown>, request: ConfirmRequest): Promise<CallToolResult> {
    const requestState = await this.codec.mint({ tool, arguments: JSON.stringify(args), state: request.state, once: randomUUID() });
    return inputRequired({
      inputRequests: {
        [CONFIRM_INPUT]: inputRequired.elicit({ message: request.message, requestedSchema: request.requestedSchema as never }),
      },
      requestState,
    }) as unknown as CallToolResult;
  }
}

/** A round's state that this server did not seal for this call, or that has expired. */
export class RoundStateRefused extends Error {
  override message =
    'the confirmation state sent back is not one this server issued for this tool and these arguments, or it has expired: nothing was changed; call the tool again';
}

/**
 * The SDK checks a person's answer against the form's schema. gwctl's forms are flat (one
 * property each, a boolean or a string), which this checks without Ajv: the SDK's default
 * checker builds Ajv and its formats for every server, a cost at every start (bench/README.md).
 */
export const FORM_CHECKER: jsonSchemaValidator = {
  getValidator: <T>(schema: JsonSchemaType) => {
    const { properties = {}, required = [] } = schema as { properties?: Record<string, { type?: string }>; required?: string[] };
    return (input: unknown) => {
      const fail = (errorMessage: string) => ({ valid: false as const, data: undefined, errorMessage });
      if (input === null || typeof input !== 'object' || Array.isArray(input)) return fail('the answer is not an object');
      const answer = input as Record<string, unknown>;
      for (const name of required) if (!(name in answer)) return fail(`${name} is missing`);
      for (const [name, value] of Object.entries(answer)) {
        const type = properties[name]?.type;
        if (type === undefined) return fail(`${name} is not a field of the form`);
        const actual = typeof value === 'number' && type === 'integer' && Number.isInteger(value) ? 'integer' : typeof value;
        if (actual !== type && !(type === 'number' && typeof value === 'number')) return fail(`${name} must be a ${type}`);
      }
      return { valid: true as const, data: answer as T, errorMessage: undefined };
    };
  },
};
