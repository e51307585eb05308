// Counts of a Vitest JSON report for `npm test`'s closing line.
import fs from 'node:fs';

/**
 * Passed and failed tests of a Vitest JSON report, or null when the file is missing or not JSON.
 * A file that fails without a failing test (it did not load, or a hook threw) counts once; a file
 * whose tests failed is already counted by them. (numFailedTestSuites also counts each describe
 * block above a failing test, so adding it counted one failing test three times.)
 */
export function vitestCounts(file) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const brokenFiles = (report.testResults ?? []).filter(
    (result) => result.status === 'failed' && !(result.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + brokenFiles };
}
