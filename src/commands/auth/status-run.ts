import { suggested } from '../../core/suggest.js';
import { unauthorizedHint, type KeyInEffect, type KeyKind } from '../../config/credentials.js';
import { configFile } from '../../config/paths.js';
import { GwctlError, usageError } from '../../core/errors.js';
import { baseUrlProblem } from '../../core/patterns.js';
import { quoteInput, withoutUserinfo } from '../../core/sanitize.js';
import { ExitCode } from '../../core/exit-codes.js';
import { maskKey } from '../../core/mask.js';
import type { Cell } from '../../output/cells.js';
import type { NamedColumn } from '../../output/columns.js';
import type { RunFor } from '../context.js';
import { checkKey, VERDICT_WORDS, type KeyVerdict } from '../shared/check-key.js';
import type { spec } from './status.js';

type Row = [setting: string, value: Cell, from: string];

const columns: NamedColumn<Row>[] = [
  // The setting is the key; a value and where it came from (a base URL, a path, a bound origin)
  // wrap on a narrow terminal rather than lose their ends (a port).
  { name: 'setting', header: 'SETTING', value: (r) => r[0], key: true },
  { name: 'value', header: 'VALUE', value: (r) => r[1], wrap: true },
  { name: 'from', header: 'FROM', value: (r) => r[2], wrap: true },
];

/** A reported key: masked, its source and the API's `check` (`management`, `api`, `rejected`, `offline`, `failed`), or why not found. */
type KeyReport =
  | {
      masked: string;
      source: KeyInEffect['source'];
      /** The origin a stored key is sent to alone (config/binding.ts); null for a key that is not bound, or not yet. */
      bound_to: string | null;
      check?: KeyVerdict | 'offline' | 'failed';
      check_error?: string;
    }
  | { error: string }
  | null;

export const run: RunFor<typeof spec> = async ({ opts, deps }) => {
  const s = deps.settings();
  // A key that cannot be found (a failing key command, a vanished keychain entry) is reported
  // beside the others rather than ending the report.
  const find = async (kind: KeyKind): Promise<{ key?: KeyInEffect; report: KeyReport }> => {
    try {
      const key = await s.key(kind);
      return key ? { key, report: { masked: maskKey(key.value), source: key.source, bound_to: key.boundTo ?? null } } : { report: null };
    } catch (error) {
      if (!(error instanceof GwctlError)) throw error;
      return { report: { error: error.message } };
    }
  };
  const management = await find('management');
  const ownApi = await find('api');
  const apiFallback = ownApi.report === null && management.report !== null;
  const api = apiFallback ? management : ownApi;
  // Each key in effect is checked once (the API key that is the management key is the same key).
  const checked = new Map<string, Promise<{ check: KeyVerdict | 'failed'; check_error?: string; failure?: GwctlError }>>();
  const check = (key: KeyInEffect, kind: KeyKind) => {
    let pending = checked.get(key.value);
    if (!pending) {
      pending = deps
        .apiWithKey({ key, kind })
        .then(checkKey)
        .then(
          (verdict) => ({ check: verdict }),
          (error: unknown) => {
            if (!(error instanceof GwctlError)) throw error;
            return { check: 'failed' as const, check_error: error.message, failure: error };
          },
        );
      checked.set(key.value, pending);
    }
    return pending;
  };
  // A base URL that cannot be used (a hand-edited one with a password in it) is reported, as the
  // contract refuses it wherever it comes from: exit 2, nothing sent.
  const urlProblem = baseUrlProblem(s.baseUrl.value);
  const failures = new Map<KeyReport, GwctlError>();
  for (const [kind, found] of [
    ['management', management],
    ['api', ownApi],
  ] as const) {
    if (!found.key || found.report === null || !('masked' in found.report)) continue;
    if (opts.offline) {
      found.report.check = 'offline';
      continue;
    }
    if (urlProblem) continue;
    const { failure, ...outcome } = await check(found.key, kind);
    Object.assign(found.report, outcome);
    // Checking may have bound a key stored by an earlier release.
    found.report.bound_to = found.key.boundTo ?? null;
    if (failure) failures.set(found.report, failure);
  }
  const baseUrl = { ...s.baseUrl, value: withoutUserinfo(s.baseUrl.value) };
  const report = {
    profile: s.profile,
    config_file: configFile(deps.env),
    base_url: baseUrl,
    management_key: management.report,
    api_key: api.report,
    api_key_falls_back_to_management_key: apiFallback,
    workspace: s.workspace ?? null,
    timeout_seconds: s.timeoutSeconds,
    retries: s.retries,
  };
  const verdict = (k: { check?: string; check_error?: string }): string =>
    k.check === 'management' || k.check === 'api'
      ? ` (${VERDICT_WORDS[k.check]})`
      : k.check === 'rejected'
        ? ` (${VERDICT_WORDS.rejected})`
        : k.check === 'failed'
          ? ` (not checked: ${k.check_error})`
          : '';
  const shown = (k: KeyReport): string => (k === null ? 'not set' : 'error' in k ? `error: ${k.error}` : `${k.masked}${verdict(k)}`);
  const from = (k: KeyReport): string =>
    k !== null && 'source' in k ? (k.bound_to ? `${k.source}, bound to ${k.bound_to}` : k.source) : '';
  const rows: Row[] = [
    ['profile', s.profile.value, s.profile.source],
    ['config file', report.config_file, ''],
    ['base URL', baseUrl.value, baseUrl.source],
    ['management key', shown(report.management_key), from(report.management_key)],
    ['API key', shown(report.api_key), apiFallback ? 'management key' : from(report.api_key)],
    ['workspace', s.workspace?.value ?? 'not set', s.workspace?.source ?? ''],
    ['timeout', `${s.timeoutSeconds.value}s`, s.timeoutSeconds.source],
    ['retries', s.retries.value, s.retries.source],
  ];
  await deps.printer.detail({ body: report, view: { kind: 'rows', items: rows, columns } });
  if (urlProblem) throw usageError(`invalid base URL ${quoteInput(s.baseUrl.value)} (from the ${s.baseUrl.source}): ${urlProblem}`);
  const failed = [report.management_key, report.api_key].find((k) => k !== null && 'error' in k);
  if (failed) throw new GwctlError((failed as { error: string }).error, ExitCode.auth);
  for (const [name, k] of [
    ['management', management],
    ['API', ownApi],
  ] as const) {
    if (k.key && k.report && 'check' in k.report && k.report.check === 'rejected') {
      const kind = name === 'API' ? 'api' : 'management';
      throw new GwctlError(`the API rejected the ${name} key (HTTP 401)`, ExitCode.auth, {
        hint: unauthorizedHint(k.key, kind, s.profile.value, deps.target) ?? "run 'gwctl auth login'",
      });
    }
  }
  const unchecked = [management, ownApi].find((k) => k.report && 'check' in k.report && k.report.check === 'failed');
  // A key that may not go to this base URL was never sent: that refusal is the answer (exit 4).
  const refused = unchecked?.report ? failures.get(unchecked.report) : undefined;
  if (refused?.exitCode === ExitCode.auth && refused.status === undefined) throw refused;
  if (unchecked?.report && 'check_error' in unchecked.report) {
    throw new GwctlError(`could not check the keys: ${unchecked.report.check_error}`, ExitCode.failure, {
      hint: 'try again, or use --offline',
    });
  }
  if (report.management_key === null && report.api_key === null) {
    const login = suggested('gwctl auth login', deps.target);
    throw new GwctlError('no credentials configured', ExitCode.auth, { hint: `run '${login}' or set GWCTL_MANAGEMENT_KEY` });
  }
};
