// --jq: the module the lazy seam loads under --jq (`load.jq`), and so the one place that
// decides what printing a filter's output needs. The engine is in ./jq-engine.ts; the batches
// of an item-by-item filter over --all in ./jq-batches.ts.
export { compileJq, formatJqOutput, isItemwise, jqMessage, printJq, runJq, type JqFilter } from './jq-engine.js';
export { startJqBatches, type JqBatches } from './jq-batches.js';
