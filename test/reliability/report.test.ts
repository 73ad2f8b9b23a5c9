// In-process checks of the last line of defence: whatever reaches stderr or stdout through the
// process io (an error report, an unexpected crash's message, a --debug line) has every
// configured key masked and no raw control character, and an error is always one line.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GwctlError } from '../../src/core/errors.js';
import { createIo } from '../../src/core/io.js';
import { errorJson, errorLine, reportError } from '../../src/cli/report.js';
import { maskKey } from '../../src/core/mask.js';

const KEY = 'sk-mgmt-LEAKMGMT-0123456789abcdef';

function capture() {
  const written: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  }) as typeof process.stderr.write);
  return { written, spy };
}

afterEach(() => vi.restoreAllMocks());

/** An Io over this process's own streams, as a run has. */
const processIo = () =>
  createIo({
    env: {},
    colorFlag: false,
    onStdoutClosed: () => {},
    streams: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
  });

describe('reportError', () => {
  it('an unexpected crash is one line, "internal error", exit 1, key masked, no stack', () => {
    const { written } = capture();
    const io = processIo();
    io.addSecret(KEY);
    const crash = new TypeError(`cannot read ${KEY}\n    at Object.<anonymous> (/x.js:1:1)`);
    expect(reportError(io, crash, false)).toBe(1);
    expect(written.join('')).toBe(`gwctl: internal error: cannot read ${maskKey(KEY)}\n`);
  });

  it('the JSON form masks too, and stays one line', () => {
    const { written } = capture();
    const io = processIo();
    io.addSecret(KEY);
    reportError(io, new GwctlError(`bad ${KEY}\nsecond line`, 2, { hint: `try ${KEY}` }), true);
    const out = written.join('');
    expect(out.trimEnd().split('\n')).toHaveLength(1);
    expect(out).not.toContain('LEAKMGMT');
    expect(JSON.parse(out).error).toMatchObject({ message: `bad ${maskKey(KEY)}\nsecond line`, exit_code: 2 });
  });

  it('a thrown non-Error value is reported, not crashed on', () => {
    const { written } = capture();
    const io = processIo();
    expect(reportError(io, { weird: true }, false)).toBe(1);
    expect(written.join('')).toBe('gwctl: internal error: [object Object]\n');
  });
});

describe('errorLine and errorJson', () => {
  it('make every control character in the message, reason and hint visible', () => {
    const error = new GwctlError('a\u001b[2Jb\u0007\nc\u009b', 7, { status: 503, reason: 'r\u001b', retryable: true, hint: 'h\u0085' });
    expect(errorLine(error)).toBe('gwctl: HTTP 503: a\\e[2Jb\\x07\\nc\\x9b (reason: r\\e, retryable: true); h\\x85');
    const json = errorJson(error);

    expect(json).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(JSON.parse(json).error.message).toBe('a\u001b[2Jb\u0007\nc\u009b');
  });
});
