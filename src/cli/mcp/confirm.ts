// The seam between a write tool and the person at the client: the tool says what it would do
// and which targets that binds (`state`); the server asks the person in the way the client's
// protocol revision allows, and hands back the answer with the state the person was shown.
// - 2025 revisions: `elicitation/create` (form mode), a request from server to client.
// - 2026-07-28: no server-to-client requests; the call ends with an input-required result whose
//   request state is the sealed `state`, and the client calls again with the answer and that
//   state. The tool acts on the state that comes back, never on one it computes again.
// Either way a person's yes allows one write: an accepted answer carries `spend`, which the write
// calls just before it starts; a round state sent again (or twice at once) finds it spent.

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
      /**
       * Spends this answer: true the first time, false ever after (in this call or any other
       * that brings the same round state back). Synchronous, so two calls cannot both pass.
       */
      spend: () => boolean;
    }
  /** The client did not declare elicitation (form mode): there is nobody to ask. */
  | { action: 'unavailable' };

export type Confirm = (request: ConfirmRequest) => Promise<ConfirmAnswer>;

/**
 * Thrown by a 2026-07-28 `confirm` on the call's first round: the call ends here with an
 * input-required result that asks the person, and nothing has changed. A tool lets it through
 * (it is not a failure of the call); the server turns it into the result.
 */
export class InputRequired extends Error {
  constructor(readonly request: ConfirmRequest) {
    super('the person has not answered yet');
    this.name = 'InputRequired';
  }
}
