// How a request leaves this machine: directly or through the environment's proxy (read as curl
// reads it), and which extra certificate authorities TLS trusts. Small, since every request reads
// it; only a proxy variable loads the proxy code (transport-proxy.ts).
import type { Env } from '../core/env.js';
import { InputTooLarge, readFileAtMost } from '../core/bounded-read.js';
import { ALL_PROXY, HTTP_PROXY, HTTPS_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS, readVariable, spellings } from '../core/environment.js';
import { usageError } from '../core/errors.js';
import { isLoopbackHost } from '../core/patterns.js';

/** The proxy a request goes through, and the variable that named it (for messages and `doctor`). */
export interface ProxyChoice {
  url: URL;
  variable: string;
}

/**
 * The proxy variables, first found wins, lower case first and empty as unset, as curl reads them.
 * Only https goes through one (plain http goes only to this machine), so HTTP_PROXY is never used.
 */
const PROXY_VARIABLES = [HTTPS_PROXY, ALL_PROXY].flatMap(spellings);

/** Variables that name a proxy gwctl never uses, kept only to mask a password they hold. */
const UNUSED_PROXY_VARIABLES = spellings(HTTP_PROXY);

/** Whether any proxy variable gwctl uses is set: only then is the proxy code loaded. */
export function hasProxyVariable(env: Env): boolean {
  return PROXY_VARIABLES.some((name) => Boolean(env[name]?.trim()));
}

/** Why a request to `target` goes directly though a proxy variable is set, or undefined when it does not. */
export function directBecause(target: URL, env: Env): string | undefined {
  if (target.protocol !== 'https:') return 'plain http (sent only to this machine) never goes through a proxy';
  if (isLoopbackHost(target.hostname)) return `${target.hostname} is this machine, never reached through a proxy`;
  const list = noProxyList(env);
  if (list && bypassesProxy(target, list.value)) return `${list.variable} names ${target.hostname}`;
  return undefined;
}

/** The proxy for a request to `target`, or undefined when it goes directly (no variable, loopback, plain http, or NO_PROXY names the host). */
export function proxyFor(target: URL, env: Env): ProxyChoice | undefined {
  if (directBecause(target, env)) return undefined;
  for (const variable of PROXY_VARIABLES) {
    const value = env[variable]?.trim();
    if (value) return { url: parseProxy(value, variable), variable };
  }
  return undefined;
}

/** NO_PROXY as curl reads it: the lower-case name first, an empty value as unset. */
function noProxyList(env: Env): { value: string; variable: string } | undefined {
  for (const variable of spellings(NO_PROXY)) {
    const value = env[variable];
    if (value) return { value, variable };
  }
  return undefined;
}

/**
 * NO_PROXY as curl 8 reads it: `*`, or entries by comma or space; a name or a domain covering it
 * (`.example`), an address or a CIDR range holding it, never a suffix. Beyond curl: `*.example`, and `:PORT`.
 */
function bypassesProxy(target: URL, list: string): boolean {
  if (list.trim() === '*') return true;
  const host = bare(target.hostname).replace(/\.$/, '');
  const address = ipBytes(host);
  const port = target.port || '443';
  for (const raw of list.split(/[\s,]+/)) {
    let entry = raw.toLowerCase();
    if (entry === '') continue;
    const withPort = /^(\[[^\]]*\](?:\/\d+)?|[^:]*):(\d+)$/.exec(entry);
    if (withPort) {
      if (withPort[2] !== port) continue;
      entry = withPort[1]!;
    }
    entry = bare(entry);
    if (address) {
      if (inRange(address, entry)) return true;
      continue;
    }
    const name = entry.replace(/^\*?\./, '').replace(/\.$/, '');
    if (name !== '' && (host === name || host.endsWith(`.${name}`))) return true;
  }
  return false;
}

/** Whether `entry` (an address, or an address/bits) holds `address`; a name holds no address. */
function inRange(address: number[], entry: string): boolean {
  const [text = '', bitsText] = entry.split('/');
  const range = ipBytes(bare(text));
  if (!range || range.length !== address.length) return false;
  const bits = bitsText === undefined ? address.length * 8 : /^\d+$/.test(bitsText) ? Number(bitsText) : NaN;
  if (!(bits >= 0 && bits <= address.length * 8)) return false;
  for (let i = 0; i < address.length; i += 1) {
    const take = Math.min(8, Math.max(0, bits - i * 8));
    const mask = take === 0 ? 0 : (0xff << (8 - take)) & 0xff;
    if ((address[i]! & mask) !== (range[i]! & mask)) return false;
  }
  return true;
}

/** An IPv4 address as 4 bytes or an IPv6 address as 16, or undefined for a name. */
function ipBytes(text: string): number[] | undefined {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) {
    const parts = text.split('.').map(Number);
    return parts.every((n) => n <= 255) ? parts : undefined;
  }
  if (!text.includes(':') || !/^[0-9a-f:.]+$/.test(text)) return undefined;
  // The URL parser knows every IPv6 spelling (`::`, an IPv4 tail) and gives it in one form.
  let canonical: string;
  try {
    canonical = bare(new URL(`http://[${text}]/`).hostname);
  } catch {
    return undefined;
  }
  const [head = '', tail] = canonical.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
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

/** The proxy URLs' passwords, as typed and decoded, to be masked wherever they might appear (a safety net). */
export function proxySecrets(env: Env): string[] {
  const secrets: string[] = [];
  for (const variable of [...PROXY_VARIABLES, ...UNUSED_PROXY_VARIABLES]) {
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

/** The most a CA file may hold: a bundle of every public authority is about 200 KiB. */
export const MAX_CA_FILE_BYTES = 1024 * 1024;

/**
 * The authorities TLS trusts with a ca-file: Node's own, NODE_EXTRA_CA_CERTS's and the file's (a
 * list given replaces Node's). Files read interruptibly, MAX_CA_FILE_BYTES each; `tls` loads only here.
 */
export async function trustedCertificates(caFile: string, env: Env, source: string): Promise<string[]> {
  const { rootCertificates } = process.getBuiltinModule('node:tls');
  let pem: string;
  try {
    pem = (await readFileAtMost(caFile, MAX_CA_FILE_BYTES)).toString('utf8');
  } catch (error) {
    if (error instanceof InputTooLarge) {
      throw usageError(`the CA file ${caFile} (${source}) is larger than ${MAX_CA_FILE_BYTES / 2 ** 20} MiB: not a certificate file`);
    }
    const why = (error as { code?: string }).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw usageError(`cannot read the CA file ${caFile} (${source}): ${why}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw usageError(`the CA file ${caFile} (${source}) holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  }
  const extra: string[] = [];
  const nodeExtra = readVariable(env, NODE_EXTRA_CA_CERTS);
  if (nodeExtra) {
    try {
      extra.push((await readFileAtMost(nodeExtra, MAX_CA_FILE_BYTES)).toString('utf8'));
    } catch {
      // Node itself has warned about it at start-up.
    }
  }
  return [...rootCertificates, ...extra, pem];
}
