// --jq whose every output is null, on a real terminal (tmux) and in a real pipe: at the terminal
// stderr says where the JSON's paths start (`interns get` gives the intern bare), broken between
// words within the width where stderr is the terminal, one line where it is a file; piped,
// nothing but the outputs. Skips, saying why, when tmux is not installed.
import { afterAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { useSandbox } from '../kit/sandbox.js';
import { runGwctl } from '../kit/spawn.js';
import { liveScreen, onScreen, stopTmux } from '../kit/tmux.js';
import { missing, skipNote } from '../completions/shells.js';

const sandbox = useSandbox({}, { resetEach: false });

afterAll(() => {
  if (!missing.tmux) stopTmux();
});

const NOTE =
  "--jq gave only null: the JSON of interns get is {id, name, description, instructions, model, …}; see 'gwctl interns get --help'";

describe.skipIf(missing.tmux)(`--jq that gives only null${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`, () => {
  it.each([60, 80, 120])('at %i columns: the outputs, then the note on stderr within the width', { timeout: 60_000 }, async (width) => {
    const sb = sandbox();
    const args = ['interns', 'get', sb.examples.intern, '--jq', '.data | {name, status}'];
    const env = { ...sb.env(), NO_COLOR: '1', TERM: 'xterm' };
    const screen = await onScreen(args, env, width);
    expect(screen.exit, screen.stderr).toBe(0);
    expect(screen.text).toBe('{"name":null,"status":null}');
    expect(screen.stderr).toBe(`${NOTE}\n`);
    const live = liveScreen(args, env, width, 20, { stderrOnScreen: true });
    try {
      const [output, ...lines] = (await live.until('the note', (l) => l.join(' ').includes("--help'"))).filter(Boolean);
      expect(output).toBe('{"name":null,"status":null}');
      for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
      expect(lines.join(' ')).toBe(NOTE);
    } finally {
      live.close();
    }
  });

  it('piped: the outputs alone', async () => {
    const sb = sandbox();
    const run = await runGwctl(['interns', 'get', sb.examples.intern, '--jq', '.data | {name, status}'], { env: sb.env() });
    expect(run).toMatchObject({ code: 0, stdout: '{"name":null,"status":null}\n', stderr: '' });
  });
});

skipNote('--jq null terminal tests (tmux)', missing.tmux);
