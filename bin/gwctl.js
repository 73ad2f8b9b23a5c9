#!/usr/bin/env node
// The published entry point: everything lives in the esbuild bundle built by `npm run build`
// (run by `prepare` on `npm ci`), so start-up loads only what the command at hand needs.
import module from 'node:module';

// Node 22.1+ can keep compiled code between runs; on Node 20 this is absent and skipped.
module.enableCompileCache?.();
await import('../dist/main.js');
