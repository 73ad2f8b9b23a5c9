// The first steps of the way to a server, each on its own (`gwctl doctor`): a name looked up as
// a connection would look it up, and a TCP connection opened and closed. Node's dns and net load
// only when called.

/** Every address `host` resolves to (an address resolves to itself); rejects with the lookup's error code. */
export async function lookupHost(host: string): Promise<string[]> {
  const { lookup } = process.getBuiltinModule('node:dns/promises');
  const found = await lookup(host.replace(/^\[|\]$/g, ''), { all: true });
  return found.map((a) => a.address);
}

/** Opens a TCP connection and closes it at once; resolves to the address reached, or rejects with the error. */
export function openTcp(host: string, port: number, timeoutMs: number, signal: AbortSignal): Promise<string> {
  const { connect } = process.getBuiltinModule('node:net');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: host.replace(/^\[|\]$/g, ''), port, timeout: timeoutMs, signal });
    socket.once('connect', () => {
      resolve(`${socket.remoteAddress}:${socket.remotePort}`);
      socket.destroy();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(Object.assign(new Error(`no connection within ${timeoutMs / 1000}s`), { code: 'ETIMEDOUT' }));
    });
    socket.once('error', reject);
  });
}

/** A connection or lookup error in the reader's terms. */
export function reachError(error: unknown): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_NONAME':
      return 'host not found';
    case 'EAI_AGAIN':
      return 'temporary failure in name resolution';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 'ETIMEDOUT':
      return (error as Error).message;
    default:
      return code ? `connection failed (${code})` : 'connection failed';
  }
}
