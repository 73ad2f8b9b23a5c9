import { defineCommand } from '../cli/command.js';
import { notImplemented } from './shared/not-implemented.js';

export const command = defineCommand({
  path: ['sandbox'],
  summary: 'Serve the built-in sandbox API on loopback until interrupted',
  args: [],
  options: [
    { flags: '--port <n>', description: 'port to listen on (0 picks a free one)' },
    { flags: '--host <host>', description: 'loopback address to listen on (default 127.0.0.1)' },
  ],
  examples: ['gwctl sandbox --port 4010', 'gwctl sandbox --port 0 --json'],
  run: notImplemented,
});
