// A second floor for `endpoints get`: the floor's GET (bench/undici-floor.mjs) plus what gwctl's
// stack adds to any read — commander parsing the command line into a command with gwctl's global
// options, zod/mini checking the answer against the endpoint's schema (gwctl's own, the one thing
// of gwctl's it takes), the body printed indented. Built by `node bench/build-floor.mjs OUTFILE --stack`, which keeps
// the bundle in Node's compile cache as bin/gwctl.js keeps gwctl's. Between this floor and gwctl
// lies gwctl's own code; between it and the undici floor, the stack's (docs/startup.md).
//   node OUTFILE endpoints get <id> --base-url <url>      (the management key in GWCTL_MANAGEMENT_KEY)
import { setFlagsFromString } from 'node:v8';
import { Command } from 'commander';
import { PrivateEndpointResponse } from '../src/api/schemas/private-endpoint.ts';
import Client from 'undici/lib/dispatcher/client.js';
import request from 'undici/lib/api/api-request.js';

const program = new Command('gwctl').exitOverride();
const globals = ['--base-url <url>', '--profile <name>', '--timeout <seconds>', '--retries <n>', '--color <when>', '--json'];
for (const flags of [
  ...globals,
  '--jq <filter>',
  '--jsonl',
  '--columns <list>',
  '--no-header',
  '--no-input',
  '--debug',
  '--sandbox',
  '--quiet',
])
  program.option(flags, 'an option');
let id;
program
  .command('endpoints')
  .command('get <id>')
  .action((given) => {
    id = given;
  });
await program.parseAsync(process.argv.slice(2), { from: 'user' });

setFlagsFromString('--liftoff-only');
const base = new URL(program.opts().baseUrl);
const client = new Client(base.origin);
const res = await request.call(client, {
  method: 'GET',
  path: `${base.pathname}/private-endpoints/${id}`,
  headers: { authorization: `Bearer ${process.env.GWCTL_MANAGEMENT_KEY}` },
});
const body = JSON.parse(await res.body.text());
PrivateEndpointResponse.parse(body);
process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
process.exit(0);
