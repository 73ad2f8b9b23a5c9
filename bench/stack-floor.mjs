// A second floor for `endpoints get`: the floor's GET (bench/undici-floor.mjs) plus what gwctl's
// stack adds to any read: commander parsing the command line into a command with gwctl's global
// options, zod/mini checking the answer against the endpoint's schema, the body printed indented.
// Of gwctl's own it takes only those two declarations (`globalOptions`, `PrivateEndpointResponse`),
// so that it declares and checks what gwctl does. Built by `node bench/build-floor.mjs OUTFILE
// --stack`, which keeps the bundle in Node's compile cache as bin/gwctl.js keeps gwctl's. Between
// this floor and gwctl lies gwctl's own code; between it and the undici floor, the stack's
// (docs/startup.md).
//   node OUTFILE endpoints get <id> --base-url <url>      (the management key in GWCTL_MANAGEMENT_KEY)
import { setFlagsFromString } from 'node:v8';
import { Command } from 'commander';
// Found by name in src/ (bench/build-floor.mjs), wherever the two live.
import { globalOptions } from 'gwctl:globalOptions';
import { PrivateEndpointResponse } from 'gwctl:PrivateEndpointResponse';
import Client from 'undici/lib/dispatcher/client.js';
import request from 'undici/lib/api/api-request.js';

const program = new Command('gwctl').exitOverride();
for (const def of Object.values(globalOptions)) program.option(def.flags, def.description);
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
