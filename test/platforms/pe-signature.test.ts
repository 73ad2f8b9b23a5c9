// Node's node.exe is Authenticode-signed; the Windows build removes that signature before the
// blob goes in (scripts/pe-signature.mjs), and the executable it writes carries none unless a
// certificate is given.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types
import { withoutPeSignature } from '../../scripts/pe-signature.mjs';
import { DIST_BIN, WINDOWS_NODE } from './foreign.js';

const strip = withoutPeSignature as (buf: Buffer) => Buffer;

/** The security data directory of a PE32+ file: where its certificate table is, and its size. */
function certificateTable(buf: Buffer): { offset: number; size: number } {
  const optional = buf.readUInt32LE(0x3c) + 24;
  expect(buf.readUInt16LE(optional)).toBe(0x20b);
  return { offset: buf.readUInt32LE(optional + 144), size: buf.readUInt32LE(optional + 148) };
}

describe.skipIf(!existsSync(WINDOWS_NODE))(
  `removing the signature of node.exe${existsSync(WINDOWS_NODE) ? '' : ' (skipped: run npm run build:binaries)'}`,
  () => {
    it('cuts the certificate table off the end and clears its directory entry', () => {
      const signed = readFileSync(WINDOWS_NODE);
      const table = certificateTable(signed);
      expect(table.size).toBeGreaterThan(0);
      expect(table.offset + table.size).toBe(signed.length);
      const unsigned = strip(signed);
      expect(unsigned.length).toBe(table.offset);
      expect(certificateTable(unsigned)).toEqual({ offset: 0, size: 0 });
      expect(strip(unsigned)).toBe(unsigned);
    });
  },
);

const EXE = path.join(DIST_BIN, 'gwctl-win-x64.exe');
describe.skipIf(!existsSync(EXE) || process.env.GWCTL_SIGN_CERT)('the Windows executable without a certificate', () => {
  it('carries no signature', () => {
    expect(certificateTable(readFileSync(EXE))).toEqual({ offset: 0, size: 0 });
  });
});
