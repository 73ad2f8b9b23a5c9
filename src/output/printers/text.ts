// What the JSON forms print for an answer that has no JSON body (`gwctl api` on a text answer):
// the text as a pipe gets it.
import type { View } from '../printer.js';

export function textWithoutBody(view: View<unknown>): string {
  if (view.kind === 'text') return view.piped;
  // A command gives a text view whenever it may have no body; anything else is its mistake.
  throw new Error(`a result without a body needs a text view, not ${view.kind}`);
}
