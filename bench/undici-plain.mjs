// The floor a get is held to: one GET with undici as a user's own script would make it, bundled
// the way such a script would be (plain `esbuild --bundle --platform=node`, none of gwctl's
// rewrites or V8 flags: node bench/build-floor.mjs OUTFILE --plain). bench/undici-floor.mjs is the
// same GET tuned as gwctl's transport is, kept as a figure to learn from.
//   node OUTFILE <port>
import { request } from 'undici';

request(`http://127.0.0.1:${process.argv[2]}/api/v1/private-endpoints/5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11`)
  .then((res) => res.body.text())
  .then((text) => process.stdout.write(text))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
