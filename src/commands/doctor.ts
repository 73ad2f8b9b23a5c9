import { defineSpec } from '../core/spec.js';

export const spec = defineSpec({
  path: ['doctor'],
  summary: 'Check each step of the way to the gateway and say which one fails',
  description: [
    'Checks, in order: the profile and where each key comes from (profile), name resolution (dns), the',
    'proxy from HTTPS_PROXY / HTTP_PROXY / ALL_PROXY and NO_PROXY (proxy), the TCP connection (tcp), TLS',
    'with the certificate authorities in effect (tls), the management and API keys, each accepted and as',
    "what (management_key, api_key), and this machine's clock against the server's Date (clock).",
    'Each step is ok, fail or skip (when an earlier one failed, or it does not apply) with a detail.',
    'No key is sent before TLS has succeeded. With --json: {"steps":[{"name","status","detail","ms"}]}.',
    'Exit 0 when no step fails, else the exit code of the first failing step (7: the connection was',
    'refused or the name server failed for now; 4: a key, or the proxy, refused; 1: a host not found,',
    'TLS or the clock).',
  ].join('\n'),
  args: {},
  options: {},
  // The contract's report: one entry per step, in order.
  shape: '{steps: [{name, status, detail, ms}]}',
  examples: [
    'gwctl doctor',
    'gwctl doctor --profile staging',
    'gwctl doctor --json | jq -r \'.steps[] | select(.status == "fail") | .detail\'',
    'HTTPS_PROXY=http://proxy.corp:3128 gwctl doctor',
  ],
});
