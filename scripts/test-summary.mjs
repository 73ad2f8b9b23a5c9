// Prints the closing counts line CI reads, from vitest's JSON report (every project counted:
// the main suite and the end-to-end tests on the other runtimes). Above it, one line per runtime
// whose end-to-end tests were skipped because it is not on this machine, with how to get it.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.vitest-report.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  console.log('0 passed, 1 failed');
  console.error(`no test report at ${file}`);
  process.exit(1);
}
for (const result of report.testResults ?? []) {
  if (!/[\\/]test[\\/]runtimes[\\/]missing\.test\.ts$/.test(result.name)) continue;
  for (const test of result.assertionResults ?? []) console.log(`skipped: ${test.ancestorTitles.join(' ')}`);
}
const passed = report.numPassedTests ?? 0;
// Failed tests, plus each test file that failed without a failed test (it did not load, or a
// hook failed): a describe block around a failed test is not counted again.
const brokenFiles = (report.testResults ?? []).filter(
  (result) => result.status === 'failed' && !(result.assertionResults ?? []).some((test) => test.status === 'failed'),
).length;
const failed = (report.numFailedTests ?? 0) + brokenFiles;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
