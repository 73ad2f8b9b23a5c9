// A request through a proxy, with undici's own ProxyAgent: https through a CONNECT tunnel, as
// curl sends it (plain http never goes through a proxy: transport-network.ts); credentials in the
// proxy URL become its Proxy-Authorization. Loaded only when a proxy variable is set
// (transport-network.ts), so a run without one never loads it.
import type { Dispatcher, Pool } from 'undici';
import connect from 'undici/lib/api/api-connect.js';
import PoolClass from 'undici/lib/dispatcher/pool.js';
import ProxyAgentClass from 'undici/lib/dispatcher/proxy-agent.js';

/** Requests through `proxy`, each origin's connections a pool with a direct one's options: only how a connection opens differs. */
export function viaProxy(proxy: URL, pool: Pool.Options, ca: string[] | undefined): Dispatcher {
  const { connect: _direct, ...options } = pool;
  return new ProxyAgentClass({
    uri: proxy.href,
    proxyTunnel: false,
    // The connection to the proxy opens tunnels with `connect()`, which undici's index puts on
    // every dispatcher; the index is not loaded (see types/undici-internals.d.ts), so it is given here.
    clientFactory: (origin: URL, given: object) => Object.assign(new PoolClass(origin, given), { connect }),
    factory: (origin: string | URL, given: object) => new PoolClass(origin, { ...options, ...given }),
    proxyTls: { ...(pool.connectTimeout ? { timeout: pool.connectTimeout } : {}), ...(ca ? { ca } : {}) },
    ...(ca ? { requestTls: { ca } } : {}),
  });
}
