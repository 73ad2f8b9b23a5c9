// Removes the Authenticode signature of a Windows (PE32+) executable: Node's node.exe is signed,
// and the signature would no longer match once the blob is injected. The certificate table is
// the security data directory's range at the end of the file; it is cut off and its directory
// entry cleared. osslsigncode can sign the result again (scripts/build-binary.mjs).
import { readFile, writeFile } from 'node:fs/promises';

const PE32_PLUS = 0x20b;
const SECURITY_DIRECTORY = 4;

export function withoutPeSignature(buf) {
  const pe = buf.readUInt32LE(0x3c);
  if (buf.toString('latin1', pe, pe + 4) !== 'PE\0\0') throw new Error('not a PE file');
  const optional = pe + 24;
  if (buf.readUInt16LE(optional) !== PE32_PLUS) throw new Error('not a 64-bit (PE32+) executable');
  const entry = optional + 112 + SECURITY_DIRECTORY * 8;
  const offset = buf.readUInt32LE(entry);
  const size = buf.readUInt32LE(entry + 4);
  if (offset === 0 || size === 0) return buf;
  if (offset + size !== buf.length) throw new Error('the certificate table is not at the end of the file');
  const out = Buffer.from(buf.subarray(0, offset));
  out.writeUInt32LE(0, entry);
  out.writeUInt32LE(0, entry + 4);
  out.writeUInt32LE(0, optional + 64); // the checksum, which covered the certificate table
  return out;
}

export async function removePeSignature(file) {
  await writeFile(file, withoutPeSignature(await readFile(file)));
}
