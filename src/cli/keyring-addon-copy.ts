// The standalone executable's copy of the credential store add-on: it cannot require a .node file,
// so it carries the add-on's bytes and their SHA-256 and loads a copy with process.dlopen, only a
// copy whose bytes were read and hashed from the very file loaded (folder 0700, no links followed,
// loaded through /proc/self/fd on Linux, written under a fresh name; on any doubt a fresh private
// temporary copy). The rules and why: docs/security.md.
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Env } from '../core/env.js';
import { cacheDir } from '../config/paths.js';

/** The add-on as the executable carries it. */
export interface CarriedAddon {
  /** The SHA-256 of its bytes, in hex, taken when the executable was built. */
  readonly digest: string;
  /** Its bytes, read from the executable only when a copy is written. */
  bytes(): Uint8Array;
}

/** The sticky bit (S_ISVTX), which Node's constants do not name. */
const STICKY = 0o1000;

/** Loads a shared library (process.dlopen) and gives its exports. */
export type LoadLibrary = (file: string) => unknown;

const dlopen: LoadLibrary = (file) => {
  const module = { exports: {} };
  process.dlopen(module, file);
  return module.exports;
};

/** A copy that passed its checks (or was just written), still open. */
interface Opened {
  fd: number;
  file: string;
}

/** The exports of the carried add-on, loaded from a copy whose bytes are the ones built in. */
export function loadCarriedAddon(addon: CarriedAddon, env: Env, load: LoadLibrary = dlopen): unknown {
  const name = `keyring-${addon.digest.slice(0, 16)}.node`;
  const dir = privateCacheFolder(env);
  if (dir !== undefined) {
    const opened = openVerified(path.join(dir, name), addon.digest) ?? writeCopy(dir, name, addon);
    if (opened) return loadOpened(opened, load);
  }
  return loadFreshCopy(addon, name, load);
}

/** Loading through the descriptor (Linux) makes the library loaded the one that was checked. */
const byDescriptor = (): boolean => process.platform === 'linux' && existsSync('/proc/self/fd');

function loadOpened({ fd, file }: Opened, load: LoadLibrary): unknown {
  try {
    if (byDescriptor()) return load(`/proc/self/fd/${fd}`);
  } finally {
    // Windows would refuse to load a file this process holds open for writing.
    closeSync(fd);
  }
  return load(file);
}

/** The cache folder, made if need be, when it is private to this user; else undefined. */
function privateCacheFolder(env: Env): string | undefined {
  const wanted = cacheDir(env);
  if (wanted === undefined) return undefined;
  try {
    mkdirSync(wanted, { recursive: true, mode: 0o700 });
    // Checked where it really is, so that the path checked is the path used.
    const dir = realpathSync(wanted);
    const stat = lstatSync(dir);
    if (!stat.isDirectory()) return undefined;
    if (process.platform === 'win32') return dir; // in the user's own profile; no mode bits to read
    if (stat.uid !== process.getuid!() || (stat.mode & 0o077) !== 0) return undefined;
    return byDescriptor() || closedAbove(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** Whether no other user can replace anything on the way to `dir`: every folder above is this user's or root's, or sticky. */
function closedAbove(dir: string): boolean {
  for (let up = path.dirname(dir); ; up = path.dirname(up)) {
    const stat = lstatSync(up);
    const owner = stat.uid === process.getuid!() || stat.uid === 0;
    if (!owner || ((stat.mode & 0o022) !== 0 && (stat.mode & STICKY) === 0)) return false;
    if (path.dirname(up) === up) return true;
  }
}

/** The copy at `file`, open, when it is this user's, written by no one else, and hashes to `digest`. */
function openVerified(file: string, digest: string): Opened | undefined {
  let fd: number;
  try {
    // Not through a link; a FIFO put there does not hold the run.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    const own = process.platform === 'win32' || (stat.uid === process.getuid!() && (stat.mode & 0o022) === 0);
    // node:crypto only here: this module is in the layer every command loads (cli/lazy.ts).
    const { createHash } = process.getBuiltinModule('node:crypto');
    if (stat.isFile() && own && createHash('sha256').update(readFileSync(fd)).digest('hex') === digest) return { fd, file };
  } catch {
    // Unreadable: written afresh.
  }
  closeSync(fd);
  return undefined;
}

/** Writes the carried bytes to a new file in `dir`, then renames it to `name`; undefined if that fails. */
function writeCopy(dir: string, name: string, addon: CarriedAddon): Opened | undefined {
  const file = path.join(dir, name);
  const temp = `${file}.${process.pid}.tmp`;
  let fd: number;
  try {
    // 'wx+': created here and now, never an existing file or a link's target; read back on Linux.
    fd = openSync(temp, 'wx+', 0o600);
  } catch {
    return undefined;
  }
  try {
    const bytes = addon.bytes();
    for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
    renameSync(temp, file);
    return { fd, file };
  } catch {
    closeSync(fd);
    rmSync(temp, { force: true });
    return undefined;
  }
}

/** A copy in a new private folder of its own, loaded and then removed (where the system lets it). */
function loadFreshCopy(addon: CarriedAddon, name: string, load: LoadLibrary): unknown {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-'));
  try {
    const opened = writeCopy(dir, name, addon);
    if (!opened) throw new Error(`could not write the credential store add-on to ${dir}`);
    return loadOpened(opened, load);
  } finally {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Windows keeps a loaded library's file: a folder left in the temporary folder.
    }
  }
}
