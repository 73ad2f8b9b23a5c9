// POST /presets/{slug}/messages: version 1 of a new preset or the next one, the body checked with
// the project's PresetBody schema (the document's rules; a violation is a 400 naming it). 404 and
// 409 have no condition the sandbox can reproduce; faults produce them.
import { PresetBody, presetSlug } from '../../api/schemas/preset.js';
import { addVersion, persistedParts, presetView } from '../data/presets.js';
import { iso } from '../data/time.js';
import { json, type Reply } from '../http.js';
import type { Context } from '../context.js';

export function createPreset(ctx: Context): Reply {
  const slug = ctx.params.slug!;
  if (!presetSlug.safeParse(slug).success) throw ctx.fail(400, 'slug must be URL-safe: letters, digits, "-", ".", "_" or "~"');
  // 415 is not among this route's errors; a body that is not JSON is an invalid request.
  if (ctx.mediaType !== 'application/json') throw ctx.fail(400, 'the request body must be sent as application/json');
  let body: unknown;
  try {
    body = JSON.parse(ctx.body.bytes.toString('utf8'));
  } catch {
    throw ctx.fail(400, 'the request body is not valid JSON');
  }
  const checked = PresetBody.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
    throw ctx.fail(400, `${where}${issue?.message ?? 'invalid request body'}`);
  }
  const record = addVersion(
    ctx.state.presets.get(slug),
    slug,
    persistedParts(body as Record<string, unknown>),
    iso(ctx.now()),
    ctx.state.presetIds,
  );
  ctx.state.presets.set(slug, record);
  return json({ data: presetView(record) });
}
