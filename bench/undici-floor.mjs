// The floor for `endpoints get`: one GET with undici and nothing else (no CLI, no schemas),
// bundled and tuned the way gwctl's transport is. bench/run.sh bundles it before timing.
import { setFlagsFromString } from 'node:v8';
import Client from 'undici/lib/dispatcher/client.js';
import request from 'undici/lib/api/api-request.js';

setFlagsFromString('--liftoff-only');
const client = new Client(`http://127.0.0.1:${process.argv[2]}`);
const res = await request.call(client, { method: 'GET', path: '/api/v1/private-endpoints/5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11' });
process.stdout.write(await res.body.text());
process.exit(0);
