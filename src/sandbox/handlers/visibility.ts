// Which interns a key may see, for the interns and the vault handlers alike: the management and
// plain API keys see every intern of the workspace; an intern's own key sees only its intern
// (every other one answers 404, as the document says).
import type { Context } from '../context.js';
import { ROLE } from '../data/interns.js';

/** The index of an intern the caller may see, or a 404. */
export function visibleIntern(ctx: Context, id: string): number {
  const index = ctx.state.interns.indexOf(id);
  if (index === undefined || !ctx.state.isLive(index)) throw ctx.fail(404);
  if (ctx.caller.kind === 'intern' && index !== ROLE.own) throw ctx.fail(404);
  return index;
}
