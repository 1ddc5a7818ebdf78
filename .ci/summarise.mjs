// Adds up vitest JSON reports and prints "N passed, N failed" (skipped tests are neither).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing report ${file}: counted as one failure`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed outside its tests (a hook, an import) has no failed test but must not
  // pass silently: it counts as one failure.
  for (const suite of report.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed').length;
    if (suite.status === 'failed' && failedTests === 0) {
      failed += 1;
      console.error(`${suite.name}: ${suite.message ?? 'failed outside its tests'}`.slice(0, 500));
    }
  }
  console.error(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
