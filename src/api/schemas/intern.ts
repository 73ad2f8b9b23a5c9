import * as z from 'zod/mini';
import { nullableString } from './common.js';

/** The document's statuses. openapi.json says awaiting_slack_install where the document says awaiting_chat_install; both are accepted from a server. */
export const INTERN_STATUSES = [
  'awaiting_chat_install',
  'queued',
  'provisioning',
  'running',
  'failed',
  'stopped',
  'destroying',
  'destroy_failed',
] as const;
export const INTERN_STATUS_ALIASES = ['awaiting_slack_install'] as const;
export const MAX_STATUS_FILTERS = 8;
export const INTERN_PAGE = { min: 1, max: 500, default: 50 } as const;

export const Intern = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.optional(nullableString),
  instructions: z.optional(nullableString),
  model: z.optional(nullableString),
  status: z.string(),
  hostname: z.optional(nullableString),
  progress: z.optional(z.nullable(z.looseObject({}))),
  last_failure_message: z.optional(nullableString),
  vault_id: z.optional(nullableString),
  attached_vault_id: z.optional(nullableString),
  workspace_id: z.optional(z.string()),
  created_at: z.optional(z.string()),
  updated_at: z.optional(z.string()),
});
export type Intern = z.infer<typeof Intern>;

export const InternList = z.looseObject({
  data: z.array(Intern),
  has_more: z.boolean(),
  next_cursor: z.optional(z.nullable(z.string())),
});
export type InternList = z.infer<typeof InternList>;

export const SuspendResult = z.looseObject({ suspended: z.boolean() });

/** `--status a,b,a` → `a,b`: known statuses only, repeats collapsed, at most 8. */
export const statusFilter = z.pipe(
  z.string(),
  z.pipe(
    z.transform((text: string) => [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))]),
    z.array(z.string()).check(
      z.minLength(1, `--status needs at least one of: ${INTERN_STATUSES.join(', ')}`),
      z.maxLength(MAX_STATUS_FILTERS, `--status takes at most ${MAX_STATUS_FILTERS} statuses`),
      z.refine(
        (list) => list.every((s) => (INTERN_STATUSES as readonly string[]).includes(s) || (INTERN_STATUS_ALIASES as readonly string[]).includes(s)),
        `--status values must be among: ${INTERN_STATUSES.join(', ')}`,
      ),
    ),
  ),
);
