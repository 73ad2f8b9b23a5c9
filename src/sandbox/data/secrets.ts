// Vault secret metadata computed per intern from the seed; values never exist (the API never
// returns them). "Legacy" secrets have null hosts and fingerprint; the one that shares an
// API-stored secret's name is dropped from the list, as the document says.
import { createHash } from 'node:crypto';
import { rngFor } from '../prng.js';
import type { InternCatalog } from './interns.js';
import { ROLE } from './interns.js';
import { MINUTE, iso } from './time.js';

export interface VaultSecretMetadata {
  name: string;
  hosts: string[] | null;
  fingerprint: string | null;
  created_at: string;
}

const NAMED: readonly { name: string; hosts: string[] }[] = [
  { name: 'github_token', hosts: ['api.github.com'] },
  { name: 'openai_api_key', hosts: ['api.openai.com'] },
  { name: 'slack_bot_token', hosts: ['slack.com', 'files.slack.com'] },
  { name: 'stripe_secret_key', hosts: ['api.stripe.com'] },
  { name: 'linear_api_key', hosts: ['api.linear.app'] },
  { name: 'pagerduty_token', hosts: ['api.pagerduty.com'] },
  { name: 'sentry_auth_token', hosts: ['sentry.io'] },
  { name: 'database_url', hosts: ['db.internal.sandbox.example'] },
  { name: 'npm_token', hosts: ['registry.npmjs.org'] },
  { name: 'jira_api_token', hosts: ['sandbox.atlassian.net'] },
  { name: 'datadog_api_key', hosts: ['api.datadoghq.com', 'api.datadoghq.eu'] },
  { name: 'aws_access_key', hosts: ['sts.amazonaws.com', 's3.amazonaws.com'] },
];

/** The own intern has more than one default page (100) of secrets. */
export const OWN_INTERN_SECRETS = 130;

export function fingerprintOf(vaultId: string, name: string): string {
  return `sha256:${createHash('sha256').update(`${vaultId}/${name}`).digest('hex')}`;
}

/** All secrets of intern i, ordered by name (none when it has no vault yet). */
export function secretsOf(catalog: InternCatalog, i: number): VaultSecretMetadata[] {
  const vault = catalog.vaultIdAt(i);
  if (vault === null) return [];
  const r = rngFor(0, `secrets:${vault}`, i);
  const count = i === ROLE.own ? OWN_INTERN_SECRETS : r.int(0, 12);
  const created = catalog.createdMs(i);
  const stored = new Map<string, VaultSecretMetadata>();
  const legacy = new Map<string, VaultSecretMetadata>();
  for (let k = 0; k < count; k++) {
    const named = NAMED[k];
    const name = named ? named.name : `service_token_${String(k).padStart(3, '0')}`;
    const hosts = named ? named.hosts : [`svc-${String(k).padStart(3, '0')}.internal.sandbox.example`];
    const at = iso(created + (k + 1) * 17 * MINUTE);
    // Every sixth is legacy: listed without hosts and fingerprint.
    if (k % 6 === 5) legacy.set(name, { name, hosts: null, fingerprint: null, created_at: at });
    else stored.set(name, { name, hosts, fingerprint: fingerprintOf(vault, name), created_at: at });
  }
  // A legacy twin of the first API-stored secret: the API-stored one wins.
  if (count > 0) {
    const first = NAMED[0]!.name;
    legacy.set(first, { name: first, hosts: null, fingerprint: null, created_at: iso(created) });
  }
  const merged = new Map(legacy);
  for (const [name, secret] of stored) merged.set(name, secret);
  return [...merged.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
