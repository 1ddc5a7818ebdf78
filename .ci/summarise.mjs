// Adds up vitest JSON reports: prints the ten slowest test files of each, then, last,
// "N passed, N failed" (skipped tests are neither).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
const failures = [];
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
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = (test.failureMessages ?? []).join(' ').replace(/\s+/g, ' ').slice(0, 600);
      failures.push(`FAILED ${path.relative(process.cwd(), suite.name)} > ${test.fullName}\n    ${message}`);
    }
  }
  const slowest = (report.testResults ?? [])
    .map((suite) => ({ name: path.relative(process.cwd(), suite.name), seconds: (suite.endTime - suite.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  console.error(`  its ten slowest files:\n${slowest.map((s) => `    ${s.seconds.toFixed(1).padStart(7)} s  ${s.name}`).join('\n')}`);
}
// The failed tests come last, where a reader of the log's tail sees them.
for (const failure of failures) console.error(failure);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
