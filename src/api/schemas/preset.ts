import * as z from 'zod/mini';
import { usageError } from '../../core/errors.js';
import { quoteInput } from '../../core/sanitize.js';
import { nearest } from '../../core/suggest.js';
import { URL_SAFE } from '../vocabulary.js';
import { nullableString, timestamp } from './common.js';

export const PresetVersion = z.looseObject({
  id: z.optional(z.string()),
  preset_id: z.optional(z.string()),
  version: z.number(),
  config: z.optional(z.nullable(z.looseObject({}))),
  system_prompt: z.optional(nullableString),
  creator_id: z.optional(z.string()),
  created_at: z.optional(timestamp),
  updated_at: z.optional(timestamp),
});

export const Preset = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  slug: z.optional(z.string()),
  description: z.optional(nullableString),
  status: z.optional(z.string()),
  status_updated_at: z.optional(z.nullable(timestamp)),
  workspace_id: z.optional(z.string()),
  creator_user_id: z.optional(z.string()),
  designated_version_id: z.optional(z.string()),
  designated_version: PresetVersion,
  created_at: z.optional(timestamp),
  updated_at: z.optional(timestamp),
});
export type Preset = z.infer<typeof Preset>;

export const PresetResponse = z.looseObject({ data: Preset });

/** A preset slug as the API accepts it in a path (the sandbox checks requests with it). */
export const presetSlug = z.string().check(z.minLength(1), z.regex(URL_SAFE));

/** Fields of the body that the preset keeps (the document's "overlap with the preset config"). */
export const PERSISTED_FIELDS = [
  'model',
  'max_tokens',
  'temperature',
  'system',
  'cache_control',
  'fallbacks',
  'output_config',
  'plugins',
  'provider',
  'route',
  'session_id',
  'speed',
  'stop_server_tools_when',
  'trace',
  'user',
  'metadata',
  'models',
  'stop_sequences',
  'thinking',
  'tool_choice',
  'tools',
  'top_k',
  'top_p',
  'service_tier',
  'context_management',
] as const;
/** Fields the service takes and silently ignores for a preset. */
export const IGNORED_FIELDS = ['messages', 'stream', 'prompt'] as const;
/** Every field a messages-style request defines: any other is a mistake (a typo would drop a setting from the version). */
const REQUEST_FIELDS: readonly string[] = [...PERSISTED_FIELDS, ...IGNORED_FIELDS];

const cacheControl = z.looseObject(
  { type: z.literal('ephemeral', 'cache_control.type must be "ephemeral"') },
  'cache_control must be an object',
);

const stopCondition = z.union(
  [
    z.looseObject({ type: z.literal('step_count_is'), step_count: z.int() }),
    z.looseObject({ type: z.literal('has_tool_call'), tool_name: z.string().check(z.minLength(1)) }),
    z.looseObject({ type: z.literal('max_tokens_used'), max_tokens: z.int() }),
    z.looseObject({ type: z.literal('max_cost'), max_cost_in_dollars: z.number() }),
    z.looseObject({ type: z.literal('finish_reason_is'), reason: z.string().check(z.minLength(1)) }),
  ],
  'each stop_server_tools_when entry must be one of step_count_is {step_count}, has_tool_call {tool_name}, max_tokens_used {max_tokens}, max_cost {max_cost_in_dollars}, finish_reason_is {reason}',
);

/** The rules of the document the body is checked against before sending. */
export const PresetBody = z
  .looseObject(
    {
      model: z.optional(z.string('model must be a string')),
      // An integer, says the document; its range is the API's to judge.
      max_tokens: z.optional(z.int('max_tokens must be an integer')),
      temperature: z.optional(z.number('temperature must be a number')),
      system: z.optional(z.union([z.string(), z.array(z.looseObject({}))], 'system must be a string or an array of text blocks')),
      messages: z.optional(
        z.nullable(
          z.array(z.looseObject({ role: z.string('each message needs a role'), content: z.unknown() }), 'messages must be an array'),
        ),
      ),
      cache_control: z.optional(cacheControl),
      fallbacks: z.optional(
        z.nullable(
          z
            .array(
              z.strictObject({ model: z.string('each fallback needs a model') }, 'each fallback accepts only "model"'),
              'fallbacks must be an array',
            )
            .check(z.maxLength(3, 'fallbacks take at most 3 entries')),
        ),
      ),
      models: z.optional(z.array(z.string(), 'models must be an array of strings')),
      session_id: z.optional(z.string('session_id must be a string').check(z.maxLength(256, 'session_id must be at most 256 characters'))),
      user: z.optional(z.string('user must be a string').check(z.maxLength(256, 'user must be at most 256 characters'))),
      speed: z.optional(z.nullable(z.enum(['fast', 'standard'], 'speed must be "fast" or "standard"'))),
      stop_server_tools_when: z.optional(
        z
          .array(stopCondition, 'stop_server_tools_when must be an array')
          .check(z.minLength(1, 'stop_server_tools_when needs at least 1 condition')),
      ),
      route: z.optional(z.nullable(z.enum(['fallback', 'sort'], 'route must be "fallback" or "sort"'))),
      plugins: z.optional(z.array(z.looseObject({ id: z.string('each plugin needs an id') }), 'plugins must be an array')),
      provider: z.optional(z.looseObject({}, 'provider must be an object')),
      output_config: z.optional(z.looseObject({}, 'output_config must be an object')),
      trace: z.optional(z.looseObject({}, 'trace must be an object')),
    },
    'the preset body must be a JSON object',
  )
  // Checked even when a field is wrong, so that every problem is said at once.
  .check(z.refine((body) => !(body.fallbacks && body.models), { error: 'fallbacks cannot be combined with models', when: () => true }));
export type PresetBody = z.infer<typeof PresetBody>;

/** How many problems of a body an error lists; the count says how many there were in all. */
const PROBLEMS_SHOWN = 20;

/**
 * Refuses a body a person wrote (exit 2, before anything is sent) with every problem at once, in
 * the order of its fields, each naming its field: one a messages request does not define (and the
 * nearest one it does), or a rule of the document broken.
 */
export function checkPresetBody(body: Record<string, unknown>): void {
  const byField = new Map<string, string[]>(Object.keys(body).map((k) => [k, []]));
  const whole: string[] = [];
  let unlisted = false;
  for (const [key, problems] of byField) {
    if (REQUEST_FIELDS.includes(key)) continue;
    const near = nearest(key, REQUEST_FIELDS);
    unlisted ||= near === undefined;
    problems.push(`unknown field ${quoteInput(key)}${near ? ` (did you mean ${near}?)` : ''}`);
  }
  for (const { path, message } of PresetBody.safeParse(body).error?.issues ?? []) {
    const key = path[0];
    if (typeof key !== 'string') whole.push(message);
    else byField.get(key)?.push(message.includes(key) ? message : `${path.map(String).join('.')}: ${message}`);
  }
  const problems = [...[...byField.values()].flat(), ...whole];
  if (problems.length === 0) return;
  const more = problems.length > PROBLEMS_SHOWN ? [`and ${problems.length - PROBLEMS_SHOWN} more`] : [];
  const said =
    problems.length === 1 ? problems[0] : `${problems.length} problems: ${[...problems.slice(0, PROBLEMS_SHOWN), ...more].join('; ')}`;
  throw usageError(`invalid preset body: ${said}`, unlisted ? `the fields of a messages request: ${REQUEST_FIELDS.join(', ')}` : undefined);
}
