#!/usr/bin/env node
// The published entry point: everything lives in the esbuild bundle built by `npm run build`
// (run by `prepare` on `npm ci`), so start-up loads only what the command at hand needs.
import '../dist/main.js';
