import { configFile } from '../../config/paths.js';
import type { Sourced } from '../../config/settings.js';
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { maskKey } from '../../core/mask.js';
import type { Cell } from '../../output/cells.js';
import type { NamedColumn } from '../../output/columns.js';
import type { RunFor } from '../context.js';
import type { spec } from './status.js';

type Row = [setting: string, value: Cell, from: string];

const columns: NamedColumn<Row>[] = [
  // As a table without declared fitting: the setting is the key, the others may be cut.
  { name: 'setting', header: 'SETTING', value: (r) => r[0], key: true },
  { name: 'value', header: 'VALUE', value: (r) => r[1], flexible: true },
  { name: 'from', header: 'FROM', value: (r) => r[2], flexible: true },
];

export const run: RunFor<typeof spec> = async ({ deps }) => {
  const s = deps.settings();
  const key = (k: Sourced<string> | undefined) => (k ? { masked: maskKey(k.value), source: k.source } : null);
  const apiFallback = !s.apiKey && s.managementKey;
  const report = {
    profile: s.profile,
    config_file: configFile(deps.env),
    base_url: s.baseUrl,
    management_key: key(s.managementKey),
    api_key: key(s.apiKey ?? (apiFallback ? s.managementKey : undefined)),
    api_key_falls_back_to_management_key: Boolean(apiFallback),
    workspace: s.workspace ?? null,
    timeout_seconds: s.timeoutSeconds,
    retries: s.retries,
  };
  const rows: Row[] = [
    ['profile', s.profile.value, s.profile.source],
    ['config file', report.config_file, ''],
    ['base URL', s.baseUrl.value, s.baseUrl.source],
    ['management key', report.management_key?.masked ?? 'not set', s.managementKey?.source ?? ''],
    ['API key', report.api_key?.masked ?? 'not set', apiFallback ? 'management key' : (s.apiKey?.source ?? '')],
    ['workspace', s.workspace?.value ?? 'not set', s.workspace?.source ?? ''],
    ['timeout', `${s.timeoutSeconds.value}s`, s.timeoutSeconds.source],
    ['retries', s.retries.value, s.retries.source],
  ];
  await deps.printer.detail({ body: report, view: { kind: 'rows', items: rows, columns } });
  if (!s.managementKey && !s.apiKey) {
    throw new GwctlError('no credentials configured', ExitCode.auth, { hint: "run 'gwctl auth login' or set GWCTL_MANAGEMENT_KEY" });
  }
};
