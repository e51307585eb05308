#!/usr/bin/env node
// `npm test`: every check of the project, in order, with one closing line "N passed, N failed".
//   1. Chromium for the browser tests (installed from Debian when missing and we are root)
//   2. type-check of the site, the search service and the e2e tests
//   3. unit tests (Vitest: scripts, site config, search service)
//   4. the code samples of the docs and blog, compiled against each docs version's packages
//   5. the production build (site + generated API reference + search index)
//   6. end-to-end tests (Playwright in Chromium against the production build)
// A step that fails is counted and the run goes on where it can; the exit code is 1 if anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemPackages } from './lib/system-packages.mjs';
import { vitestCounts } from './lib/test-counts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let passed = 0;
let failed = 0;
const summary = [];

function run(label, command, args, options = {}) {
  console.log(`\n=== ${label}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options });
  return result.status === 0;
}

function step(label, ok) {
  if (ok) passed += 1;
  else failed += 1;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
  return ok;
}

function playwrightCounts(file) {
  try {
    const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0 };
  } catch {
    return null;
  }
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const chromiumOk = step('chromium and curl available', ensureSystemPackages([{ command: CHROMIUM, pkg: 'chromium' }, { command: 'curl', pkg: 'curl' }], { run }));

step('type-check site', run('typecheck site', bin('tsc'), ['-p', 'site/tsconfig.json', '--noEmit']));
if (fs.existsSync(path.join(root, 'search/tsconfig.json'))) {
  step('type-check search', run('typecheck search', bin('tsc'), ['-p', 'search/tsconfig.json', '--noEmit']));
}
step('type-check e2e', run('typecheck e2e', bin('tsc'), ['-p', 'e2e/tsconfig.json', '--noEmit']));

const unitReport = path.join(tmp, 'unit-results.json');
fs.rmSync(unitReport, { force: true });
const unitOk = run('unit tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${unitReport}`]);
const unit = vitestCounts(unitReport);
if (unit) {
  passed += unit.passed;
  failed += unit.failed;
  summary.push(`${unitOk ? 'ok  ' : 'FAIL'} unit tests: ${unit.passed} passed, ${unit.failed} failed`);
  if (!unitOk && unit.failed === 0) step('unit test run', false);
} else step('unit tests (no report)', false);

step('code samples compile', run('code samples', process.execPath, ['scripts/check-samples.mjs', '--quiet']));

const buildOk = step('production build', run('build', 'npm', ['run', 'build']));

if (buildOk && chromiumOk) {
  const e2eReport = path.join(tmp, 'e2e-results.json');
  fs.rmSync(e2eReport, { force: true });
  const e2eOk = run('end-to-end tests', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
  const e2e = playwrightCounts(e2eReport);
  if (e2e) {
    passed += e2e.passed;
    failed += e2e.failed;
    summary.push(`${e2eOk ? 'ok  ' : 'FAIL'} end-to-end tests: ${e2e.passed} passed, ${e2e.failed} failed`);
    if (!e2eOk && e2e.failed === 0) step('end-to-end run', false);
  } else step('end-to-end tests (no report)', false);
} else {
  step('end-to-end tests skipped: no build or no Chromium', false);
}

console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
