// --jq: the module the lazy seam loads under --jq (`load.jq`), and so the one place that
// decides what printing a filter's output needs. Filters run on a thread of their own
// (./jq-thread.ts, which loads the engine, ./jq-engine.ts, there); the batches of an
// item-by-item filter over --all are in ./jq-batches.ts.
export { jqRunner, type JqFilter, type JqRunner } from './jq-runner.js';
export { startJqBatches, type JqBatches } from './jq-batches.js';
