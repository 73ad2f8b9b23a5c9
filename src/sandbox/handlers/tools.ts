// GET /tools/{name}: canonical name or any alias answers 200 with the tool (the document;
// openapi.json allows a 308 to the canonical URL instead, which a fault can imitate).
import { findTool } from '../data/tools.js';
import { json, type Reply } from '../http.js';
import type { Context } from '../context.js';

export function getTool(ctx: Context): Reply {
  const tool = findTool(ctx.params.name!);
  if (!tool) throw ctx.fail(404);
  return json({ data: tool });
}
