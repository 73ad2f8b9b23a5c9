import * as z from 'zod/mini';
import { nullableString, pageOf, timestamp } from './common.js';

export const VaultSecret = z.looseObject({
  name: z.string(),
  hosts: z.optional(z.nullable(z.array(z.string()))),
  fingerprint: z.optional(nullableString),
  created_at: z.optional(timestamp),
});
export type VaultSecret = z.infer<typeof VaultSecret>;

export const VaultSecretList = pageOf(VaultSecret);

/** Secrets stored before workspace-scoped storage: listed with null hosts and fingerprint, not deletable here. */
export function isLegacySecret(secret: VaultSecret): boolean {
  return (secret.hosts === null || secret.hosts === undefined) && (secret.fingerprint === null || secret.fingerprint === undefined);
}
