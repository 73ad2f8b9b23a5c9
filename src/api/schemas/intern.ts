import * as z from 'zod/mini';
import { nullableString, pageOf, timestamp } from './common.js';

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
  created_at: z.optional(timestamp),
  updated_at: z.optional(timestamp),
});
export type Intern = z.infer<typeof Intern>;

export const InternList = z.extend(pageOf(Intern), { next_cursor: z.optional(z.nullable(z.string())) });
export type InternList = z.infer<typeof InternList>;

export const SuspendResult = z.looseObject({ suspended: z.boolean() });
export type SuspendResult = z.infer<typeof SuspendResult>;
