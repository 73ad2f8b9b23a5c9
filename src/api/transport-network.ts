// How a request leaves this machine: directly, or through the proxy the environment names (read
// as curl reads it), and which certificate authorities TLS trusts besides the usual ones. Pure
// and small: every command that sends reads it, and only a proxy variable loads the proxy code
// (transport-proxy.ts).
import type { Env } from '../core/env.js';
import { usageError } from '../core/errors.js';

/** The proxy a request goes through, and the variable that named it (for messages and `doctor`). */
export interface ProxyChoice {
  url: URL;
  variable: string;
}

/**
 * The variables that name a proxy, for each scheme, first found wins. The lower-case name comes
 * first, as curl reads it; ALL_PROXY stands in for either scheme.
 */
const PROXY_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  'https:': ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY'],
  'http:': ['http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'],
};

/** Whether any proxy variable is set: only then is the proxy code loaded. */
export function hasProxyVariable(env: Env): boolean {
  return PROXY_VARIABLES['https:']!.concat(PROXY_VARIABLES['http:']!).some((name) => Boolean(env[name]?.trim()));
}

/** The proxy for a request to `target`, or undefined when it goes directly (no variable, or NO_PROXY names the host). */
export function proxyFor(target: URL, env: Env): ProxyChoice | undefined {
  if (bypassesProxy(target, env.no_proxy ?? env.NO_PROXY ?? '')) return undefined;
  for (const variable of PROXY_VARIABLES[target.protocol] ?? []) {
    const value = env[variable]?.trim();
    if (value) return { url: parseProxy(value, variable), variable };
  }
  return undefined;
}

/**
 * NO_PROXY as curl reads it: `*` (every host), or a list of host names, domains (`example` and
 * `.example` both cover `gw.example`) and addresses, each optionally with a port.
 */
function bypassesProxy(target: URL, list: string): boolean {
  const host = bare(target.hostname);
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  for (const raw of list.split(/[\s,]+/)) {
    const entry = raw.toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    const withPort = /^(\[[^\]]*\]|[^:]*):(\d+)$/.exec(entry);
    if (withPort && withPort[2] !== port) continue;
    const name = bare((withPort ? withPort[1]! : entry).replace(/^\*?\./, ''));
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

function bare(host: string): string {
  return host.toLowerCase().replace(/^\[|\]$/g, '');
}

/** A proxy URL; without a scheme it is http://, as curl takes it. Its value is never quoted: it may hold a password. */
function parseProxy(value: string, variable: string): URL {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    throw usageError(`invalid proxy URL in ${variable}`, 'give it as http://[user:password@]host:port');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`unsupported proxy in ${variable}: only http:// and https:// proxies are supported`);
  }
  return url;
}

/** A proxy as messages and --debug show it: scheme, host and port, never its credentials. */
export function proxyLabel(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`;
}

/**
 * The passwords of the proxy URLs the environment holds, as typed and decoded, so that they are
 * masked wherever they would appear (nothing gwctl writes shows them; this is the safety net).
 */
export function proxySecrets(env: Env): string[] {
  const secrets: string[] = [];
  for (const variable of new Set([...PROXY_VARIABLES['https:']!, ...PROXY_VARIABLES['http:']!])) {
    const value = env[variable]?.trim();
    if (!value) continue;
    try {
      const { password } = parseProxy(value, variable);
      if (password) secrets.push(password, decodeURIComponent(password));
    } catch {
      // Refused with its own message when a request would use it.
    }
  }
  return secrets;
}

/**
 * The certificate authorities TLS trusts when a ca-file is set: Node's own list, those of
 * NODE_EXTRA_CA_CERTS, and the file's. (Node trusts only the given list once one is given, so
 * the usual ones are given too.) `tls` loads only here, when a ca-file is set.
 */
export function trustedCertificates(caFile: string, env: Env, source: string): string[] {
  const { readFileSync } = process.getBuiltinModule('node:fs');
  const { rootCertificates } = process.getBuiltinModule('node:tls');
  let pem: string;
  try {
    pem = readFileSync(caFile, 'utf8');
  } catch (error) {
    const why = (error as { code?: string }).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw usageError(`cannot read the CA file ${caFile} (${source}): ${why}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw usageError(`the CA file ${caFile} (${source}) holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  }
  const extra: string[] = [];
  if (env.NODE_EXTRA_CA_CERTS) {
    try {
      extra.push(readFileSync(env.NODE_EXTRA_CA_CERTS, 'utf8'));
    } catch {
      // Node itself has warned about it at start-up.
    }
  }
  return [...rootCertificates, ...extra, pem];
}
