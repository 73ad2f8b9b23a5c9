// Ad-hoc code signing of a 64-bit Mach-O executable, on any machine. macOS on Apple silicon runs
// only signed code; an ad-hoc signature (no certificate, no identity) is what the linker itself
// writes and what `codesign --sign -` writes: a SuperBlob at the end of __LINKEDIT, named by an
// LC_CODE_SIGNATURE load command, holding a CodeDirectory (the SHA-256 of every 4 KiB page of the
// file before the signature, flagged adhoc), an empty requirement set and an empty CMS blob.
// Neither Debian nor npm has a signer that runs on Linux, so the build carries this one.
//
//   removeMachOSignature(file)  before the blob goes in (a signed binary cannot be changed)
//   adhocSign(file, identifier) after
//   inspectMachO(buffer)        what the tests check: CPU, segments, and whether the signature's
//                               page hashes match the file
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

const MH_MAGIC_64 = 0xfeedfacf;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const CPU_ARM64 = 0x0100000c;
const HEADER_SIZE = 32;

const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
const CSMAGIC_REQUIREMENTS = 0xfade0c01;
const CSMAGIC_BLOBWRAPPER = 0xfade0b01;
const CSSLOT_CODEDIRECTORY = 0;
const CSSLOT_REQUIREMENTS = 2;
const CSSLOT_SIGNATURESLOT = 0x10000;
const CS_ADHOC = 0x2;
const CS_EXECSEG_MAIN_BINARY = 0x1;
const CS_HASHTYPE_SHA256 = 2;
const PAGE_SHIFT = 12;
const PAGE = 1 << PAGE_SHIFT;
/** CodeDirectory version 0x20400 (with the executable segment fields): its fixed part. */
const CD_VERSION = 0x20400;
const CD_HEADER = 88;
/** Special slots: -1 Info.plist (none: zeros), -2 the requirement set. */
const SPECIAL_SLOTS = 2;
const EMPTY_REQUIREMENTS = u32be([CSMAGIC_REQUIREMENTS, 12, 0]);
const EMPTY_CMS = u32be([CSMAGIC_BLOBWRAPPER, 8]);

/** The load commands of a 64-bit Mach-O: offset, cmd and size of each, and the segments by name. */
function loadCommands(buf) {
  if (buf.readUInt32LE(0) !== MH_MAGIC_64) throw new Error('not a 64-bit little-endian Mach-O file');
  const ncmds = buf.readUInt32LE(16);
  const commands = [];
  const segments = new Map();
  let at = HEADER_SIZE;
  for (let i = 0; i < ncmds; i++) {
    const cmd = buf.readUInt32LE(at);
    const size = buf.readUInt32LE(at + 4);
    commands.push({ at, cmd, size });
    if (cmd === LC_SEGMENT_64) {
      const name = buf.toString('latin1', at + 8, at + 24).replace(/\0+$/, '');
      segments.set(name, {
        at,
        name,
        fileoff: Number(buf.readBigUInt64LE(at + 40)),
        filesize: Number(buf.readBigUInt64LE(at + 48)),
        nsects: buf.readUInt32LE(at + 64),
      });
    }
    at += size;
  }
  return { commands, segments, end: at };
}

/** The file offset of the first section's contents: load commands may grow up to there. */
function firstSectionOffset(buf, segments) {
  let first = Infinity;
  for (const segment of segments.values()) {
    for (let i = 0; i < segment.nsects; i++) {
      const section = segment.at + 72 + i * 80;
      const offset = buf.readUInt32LE(section + 48);
      const size = Number(buf.readBigUInt64LE(section + 40));
      if (offset > 0 && size > 0) first = Math.min(first, offset);
    }
  }
  return first;
}

function setLinkeditSize(buf, linkedit, filesize) {
  buf.writeBigUInt64LE(BigInt(filesize), linkedit.at + 48);
  const vmsize = Math.ceil(filesize / 0x4000) * 0x4000;
  if (Number(buf.readBigUInt64LE(linkedit.at + 32)) < vmsize) buf.writeBigUInt64LE(BigInt(vmsize), linkedit.at + 32);
}

/** The file without its code signature (the load command removed, __LINKEDIT cut where it began). */
export function unsigned(buf) {
  const { commands, segments, end } = loadCommands(buf);
  const signature = commands.find((c) => c.cmd === LC_CODE_SIGNATURE);
  if (!signature) return buf;
  const dataoff = buf.readUInt32LE(signature.at + 8);
  const linkedit = segments.get('__LINKEDIT');
  if (!linkedit || linkedit.fileoff + linkedit.filesize < dataoff) throw new Error('the code signature is not in __LINKEDIT');
  const out = Buffer.from(buf.subarray(0, dataoff));
  // Move the commands after it up, and clear the freed space.
  out.copy(out, signature.at, signature.at + signature.size, end);
  out.fill(0, end - signature.size, end);
  out.writeUInt32LE(out.readUInt32LE(16) - 1, 16);
  out.writeUInt32LE(out.readUInt32LE(20) - signature.size, 20);
  const moved = loadCommands(out).segments.get('__LINKEDIT');
  setLinkeditSize(out, moved, dataoff - moved.fileoff);
  return out;
}

/** The file with an ad-hoc signature (any signature it had is replaced). */
export function signed(input, identifier) {
  let buf = unsigned(input);
  const { segments, end } = loadCommands(buf);
  const linkedit = segments.get('__LINKEDIT');
  const text = segments.get('__TEXT');
  if (!linkedit || !text) throw new Error('no __LINKEDIT or __TEXT segment');
  if (linkedit.fileoff + linkedit.filesize !== buf.length) throw new Error('__LINKEDIT is not at the end of the file');
  if (end + 16 > firstSectionOffset(buf, segments)) throw new Error('no room for one more load command');

  const dataoff = Math.ceil(buf.length / 16) * 16;
  const ident = Buffer.from(`${identifier}\0`, 'latin1');
  const nCodeSlots = Math.ceil(dataoff / PAGE);
  const hashOffset = CD_HEADER + ident.length + SPECIAL_SLOTS * 32;
  const cdLength = hashOffset + nCodeSlots * 32;
  const blobs = 3;
  const superHeader = 12 + blobs * 8;
  const datasize = Math.ceil((superHeader + cdLength + EMPTY_REQUIREMENTS.length + EMPTY_CMS.length) / 16) * 16;

  // The header and load commands are hashed too: write them as they will be first.
  buf = Buffer.concat([buf, Buffer.alloc(dataoff - buf.length)]);
  const lc = Buffer.alloc(16);
  lc.writeUInt32LE(LC_CODE_SIGNATURE, 0);
  lc.writeUInt32LE(16, 4);
  lc.writeUInt32LE(dataoff, 8);
  lc.writeUInt32LE(datasize, 12);
  lc.copy(buf, end);
  buf.writeUInt32LE(buf.readUInt32LE(16) + 1, 16);
  buf.writeUInt32LE(buf.readUInt32LE(20) + 16, 20);
  setLinkeditSize(buf, linkedit, dataoff + datasize - linkedit.fileoff);

  const cd = Buffer.alloc(cdLength);
  let o = 0;
  for (const value of [CSMAGIC_CODEDIRECTORY, cdLength, CD_VERSION, CS_ADHOC, hashOffset, CD_HEADER, SPECIAL_SLOTS, nCodeSlots, dataoff]) {
    cd.writeUInt32BE(value, o);
    o += 4;
  }
  cd.writeUInt8(32, o); // hash size
  cd.writeUInt8(CS_HASHTYPE_SHA256, o + 1);
  cd.writeUInt8(0, o + 2); // platform
  cd.writeUInt8(PAGE_SHIFT, o + 3);
  // spare2, scatterOffset, teamOffset, spare3 and codeLimit64 stay 0 (the limit fits 32 bits).
  cd.writeBigUInt64BE(BigInt(text.fileoff), 64);
  cd.writeBigUInt64BE(BigInt(text.filesize), 72);
  cd.writeBigUInt64BE(BigInt(CS_EXECSEG_MAIN_BINARY), 80);
  ident.copy(cd, CD_HEADER);
  sha256(EMPTY_REQUIREMENTS).copy(cd, hashOffset - CSSLOT_REQUIREMENTS * 32);
  for (let page = 0; page < nCodeSlots; page++) {
    sha256(buf.subarray(page * PAGE, Math.min((page + 1) * PAGE, dataoff))).copy(cd, hashOffset + page * 32);
  }

  const parts = [
    [CSSLOT_CODEDIRECTORY, cd],
    [CSSLOT_REQUIREMENTS, EMPTY_REQUIREMENTS],
    [CSSLOT_SIGNATURESLOT, EMPTY_CMS],
  ];
  const index = [CSMAGIC_EMBEDDED_SIGNATURE, datasize, blobs];
  let offset = superHeader;
  for (const [slot, blob] of parts) {
    index.push(slot, offset);
    offset += blob.length;
  }
  const signature = Buffer.concat([u32be(index), ...parts.map(([, blob]) => blob)]);
  return Buffer.concat([buf, signature, Buffer.alloc(datasize - signature.length)]);
}

export async function removeMachOSignature(file) {
  await writeFile(file, unsigned(await readFile(file)));
}

export async function adhocSign(file, identifier) {
  await writeFile(file, signed(await readFile(file), identifier));
}

/**
 * What a check of the built executable needs: whether it is arm64, its segment names, and its
 * signature: ad hoc or not, its identifier, and whether every page hash (and the requirement
 * set's) matches the file.
 */
export function inspectMachO(buf) {
  const { commands, segments } = loadCommands(buf);
  const result = { arm64: buf.readUInt32LE(4) === CPU_ARM64, segments: [...segments.keys()], signature: undefined };
  const lc = commands.find((c) => c.cmd === LC_CODE_SIGNATURE);
  if (!lc) return result;
  const dataoff = buf.readUInt32LE(lc.at + 8);
  const sig = buf.subarray(dataoff, dataoff + buf.readUInt32LE(lc.at + 12));
  if (sig.readUInt32BE(0) !== CSMAGIC_EMBEDDED_SIGNATURE) return { ...result, signature: { valid: false } };
  const blobs = new Map();
  for (let i = 0; i < sig.readUInt32BE(8); i++) {
    const at = sig.readUInt32BE(16 + i * 8);
    blobs.set(sig.readUInt32BE(12 + i * 8), sig.subarray(at, at + sig.readUInt32BE(at + 4)));
  }
  const cd = blobs.get(CSSLOT_CODEDIRECTORY);
  if (!cd || cd.readUInt32BE(0) !== CSMAGIC_CODEDIRECTORY) return { ...result, signature: { valid: false } };
  const hashOffset = cd.readUInt32BE(16);
  const identifier = cd.toString('latin1', cd.readUInt32BE(20), cd.indexOf(0, cd.readUInt32BE(20)));
  const nCodeSlots = cd.readUInt32BE(28);
  const codeLimit = cd.readUInt32BE(32);
  const page = 1 << cd.readUInt8(39);
  let pagesMatch = cd.readUInt8(37) === CS_HASHTYPE_SHA256 && nCodeSlots === Math.ceil(codeLimit / page) && codeLimit <= dataoff;
  for (let i = 0; pagesMatch && i < nCodeSlots; i++) {
    const expected = cd.subarray(hashOffset + i * 32, hashOffset + (i + 1) * 32);
    pagesMatch = sha256(buf.subarray(i * page, Math.min((i + 1) * page, codeLimit))).equals(expected);
  }
  const requirements = blobs.get(CSSLOT_REQUIREMENTS);
  const requirementsMatch =
    !requirements || sha256(requirements).equals(cd.subarray(hashOffset - CSSLOT_REQUIREMENTS * 32, hashOffset - 32));
  return {
    ...result,
    signature: {
      valid: pagesMatch && requirementsMatch,
      adhoc: (cd.readUInt32BE(12) & CS_ADHOC) !== 0,
      identifier,
      pages: nCodeSlots,
    },
  };
}

function sha256(data) {
  return createHash('sha256').update(data).digest();
}

function u32be(values) {
  const buf = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => buf.writeUInt32BE(v, i * 4));
  return buf;
}
