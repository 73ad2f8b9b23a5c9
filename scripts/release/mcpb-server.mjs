// The MCP bundle's server entry: `gwctl mcp` with the choices made in the client's settings for
// the bundle (manifest.json's user_config, handed over in these variables). A client passes
// every setting, an empty one as an empty string, and a switch as "true" or "false": a flag is
// added only for "true", and an empty key is no key.
import module from 'node:module';

const settings = process.env;
const args = ['mcp'];
if (settings.GWCTL_MCPB_PROFILE) args.push('--profile', settings.GWCTL_MCPB_PROFILE);
if (settings.GWCTL_MCPB_ALLOW_DESTRUCTIVE === 'true') args.push('--allow-destructive');
if (settings.GWCTL_MCPB_MANAGEMENT_KEY) process.env.GWCTL_MANAGEMENT_KEY = settings.GWCTL_MCPB_MANAGEMENT_KEY;
for (const name of ['GWCTL_MCPB_PROFILE', 'GWCTL_MCPB_ALLOW_DESTRUCTIVE', 'GWCTL_MCPB_MANAGEMENT_KEY']) delete process.env[name];

// gwctl reads its command line from process.argv when it starts.
process.argv.splice(2, process.argv.length, ...args);
module.enableCompileCache?.();
await import('../dist/main.js');
