import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vitestCounts } from '../lib/test-counts.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-counts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name, report) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof report === 'string' ? report : JSON.stringify(report));
  return file;
};

describe("npm test's counts of a Vitest report", () => {
  it('counts one failing test inside nested describe blocks once', () => {
    // The shape Vitest wrote for session 23's one failing test: its file and its describe block
    // both count as failed suites.
    const file = write('one.json', {
      numPassedTests: 734,
      numFailedTests: 1,
      numFailedTestSuites: 2,
      testResults: [
        { status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }] },
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
      ],
    });
    expect(vitestCounts(file)).toEqual({ passed: 734, failed: 1 });
  });

  it('counts a test file that fails without a failing test (it did not load)', () => {
    const file = write('load.json', {
      numPassedTests: 5,
      numFailedTests: 0,
      numFailedTestSuites: 1,
      testResults: [{ status: 'failed', assertionResults: [], message: 'Failed to load url ./missing.ts' }],
    });
    expect(vitestCounts(file)).toEqual({ passed: 5, failed: 1 });
  });

  it('says null for a missing or unreadable report, so the run is marked failed', () => {
    expect(vitestCounts(path.join(dir, 'absent.json'))).toBeNull();
    expect(vitestCounts(write('bad.json', '{not json'))).toBeNull();
  });
});
