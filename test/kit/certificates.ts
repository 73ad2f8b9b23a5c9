// Certificates made by openssl for a test run, in a temporary folder (never committed keys): a
// private certificate authority and a server certificate it signed for one host name, as a
// company's own CA signs its gateway's. Undefined (and the tests skip) when openssl is missing.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempConfigDir } from './spawn.js';

export interface TestCertificates {
  /** The authority's certificate (PEM file): what NODE_EXTRA_CA_CERTS or ca-file names. */
  caFile: string;
  /** The server's key and certificate (PEM text), for startServer's `tls`. */
  key: string;
  cert: string;
}

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: 'ignore' });
}

/**
 * A CA and a certificate for `host` signed by it (with `expired`, one whose validity ended a day
 * before it began); undefined when openssl is not installed.
 */
export function makeCertificates(host: string, { expired = false }: { expired?: boolean } = {}): TestCertificates | undefined {
  const dir = tempConfigDir();
  const file = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    openssl(['req', '-x509', ...ec, '-days', '2', '-subj', '/CN=gwctl test CA', '-keyout', file('ca.key'), '-out', file('ca.pem')]);
    openssl(['req', ...ec, '-subj', `/CN=${host}`, '-keyout', file('server.key'), '-out', file('server.csr')]);
    writeFileSync(file('ext.cnf'), `subjectAltName=DNS:${host}\nbasicConstraints=CA:FALSE\n`);
    openssl([
      'x509',
      '-req',
      '-in',
      file('server.csr'),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-days',
      expired ? '-1' : '2',
      '-extfile',
      file('ext.cnf'),
      '-out',
      file('server.pem'),
    ]);
  } catch {
    return undefined;
  }
  return { caFile: file('ca.pem'), key: readFileSync(file('server.key'), 'utf8'), cert: readFileSync(file('server.pem'), 'utf8') };
}
