// A second floor for `endpoints get`: the floor's GET (bench/undici-floor.mjs) plus what gwctl's
// stack adds to any read — commander parsing the command line into a command with gwctl's global
// options, zod/mini checking the answer against the endpoint's schema, the body printed indented —
// and nothing of gwctl's own. Built by `node bench/build-floor.mjs OUTFILE --stack`, which keeps
// the bundle in Node's compile cache as bin/gwctl.js keeps gwctl's. Between this floor and gwctl
// lies gwctl's own code; between it and the undici floor, the stack's (docs/startup.md).
//   node OUTFILE endpoints get <id> --base-url <url>      (the management key in GWCTL_MANAGEMENT_KEY)
import { setFlagsFromString } from 'node:v8';
import { Command } from 'commander';
import * as z from 'zod/mini';
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

const nullableString = z.nullable(z.string());
const PrivateEndpoint = z.looseObject({
  id: z.string(),
  status: z.string(),
  model_permaslug: z.optional(z.string()),
  model_slug: z.optional(nullableString),
  model_name: z.optional(nullableString),
  provider_name: z.optional(z.string()),
  provider_slug: z.optional(nullableString),
  base_url: z.optional(nullableString),
  upstream_model_id: z.optional(z.string()),
  declared_zdr: z.optional(z.nullable(z.boolean())),
  declared_region: z.optional(nullableString),
  pricing: z.optional(z.looseObject({ prompt: z.optional(z.string()), completion: z.optional(z.string()) })),
});
const Response = z.looseObject({ data: PrivateEndpoint });

setFlagsFromString('--liftoff-only');
const base = new URL(program.opts().baseUrl);
const client = new Client(base.origin);
const res = await request.call(client, {
  method: 'GET',
  path: `${base.pathname}/private-endpoints/${id}`,
  headers: { authorization: `Bearer ${process.env.GWCTL_MANAGEMENT_KEY}` },
});
const body = JSON.parse(await res.body.text());
Response.parse(body);
process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
process.exit(0);
