import { configFile } from '../../config/paths.js';
import type { Sourced } from '../../config/settings.js';
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { maskKey } from '../../core/mask.js';
import type { Cell } from '../../output/cells.js';
import { printBody } from '../../output/print.js';
import { outputMode } from '../shared/output-mode.js';
import { formatRow } from '../../output/rows.js';
import type { RunFor } from '../context.js';
import type { spec } from './status.js';

export const run: RunFor<typeof spec> = async ({ deps }) => {
  const { io } = deps;
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
  if (!(await printBody(outputMode(deps, 'auth status'), report))) {
    const rows: [string, Cell, string][] = [
      ['profile', s.profile.value, s.profile.source],
      ['config file', report.config_file, ''],
      ['base URL', s.baseUrl.value, s.baseUrl.source],
      ['management key', report.management_key?.masked ?? 'not set', s.managementKey?.source ?? ''],
      ['API key', report.api_key?.masked ?? 'not set', apiFallback ? 'management key' : (s.apiKey?.source ?? '')],
      ['workspace', s.workspace?.value ?? 'not set', s.workspace?.source ?? ''],
      ['timeout', `${s.timeoutSeconds.value}s`, s.timeoutSeconds.source],
      ['retries', s.retries.value, s.retries.source],
    ];
    if (io.stdoutIsTTY) {
      const { renderTable } = await deps.heavy.tables();
      const table = renderTable({ headers: ['SETTING', 'VALUE', 'FROM'], rows, width: io.columns, color: io.color, now: deps.clock.now() });
      await io.out(`${table}\n`);
    } else {
      await io.out(rows.map((r) => `${formatRow(r, 0)}\n`).join(''));
    }
  }
  if (!s.managementKey && !s.apiKey) {
    throw new GwctlError('no credentials configured', ExitCode.auth, { hint: "run 'gwctl auth login' or set GWCTL_MANAGEMENT_KEY" });
  }
};
