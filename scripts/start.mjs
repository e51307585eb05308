#!/usr/bin/env node
// `npm start`: rebuilds the site and the search index when their sources changed, then supervises
// three child processes: the site server (scripts/serve.mjs, port 3000 or PORT) and two search
// replicas (7700 and 7701, or SEARCH_PORTS). A child that dies is restarted with backoff and logged
// (the site server too, so a crash never leaves the site down); a child that keeps failing at start
// (a port in use, a broken index) stops everything with its error. Ctrl+C (SIGINT) or SIGTERM stops
// all children and waits for them. `--no-build` serves what is built without the freshness check.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answers } from './lib/answers.mjs';
import { buildSearchOrigins, searchHostsForPorts, wiringWarning } from './lib/search-wiring.mjs';
import { sourceHash } from './lib/source-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.resolve(process.env.SITE_BUILD_DIR ?? path.join(root, 'site', 'build'));
const stamp = path.join(buildDir, '.source-hash');
const indexFile = path.resolve(process.env.SEARCH_INDEX_FILE ?? path.join(root, 'search', 'data', 'index.json'));
const exitWithParent = path.join(root, 'scripts', 'lib', 'exit-with-parent.mjs');

/** Restart delays: 0.5 s, doubling to 30 s; a child that ran this long starts again at 0.5 s. */
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;
const HEALTHY_AFTER_MS = 30_000;
/** A child that dies this soon after starting failed to start; this many in a row stop everything. */
const FAILED_START_MS = 5_000;
const MAX_FAILED_STARTS = 5;
const STOP_GRACE_MS = 5_000;

function parsePort(name, value) {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${name} must be a port number from 1 to 65535, got "${value}"`);
    process.exit(2);
  }
  return port;
}

const sitePort = parsePort('PORT', process.env.PORT ?? '3000');
const searchPorts = (process.env.SEARCH_PORTS ?? '7700,7701').split(',').map((p) => parsePort('SEARCH_PORTS', p.trim()));

// Replicas on other ports than the default: the build must send the browser's searches to them.
const derivedHosts = searchHostsForPorts(process.env, searchPorts);
if (derivedHosts) process.env.SEARCH_HOSTS = derivedHosts;

if (!process.argv.includes('--no-build')) {
  const fresh = fs.existsSync(stamp) && fs.existsSync(indexFile) && fs.readFileSync(stamp, 'utf8').trim() === sourceHash(root);
  if (fresh) {
    console.log('The build is up to date with the sources.');
  } else {
    console.log('Sources changed since the last build (or there is none): building the site and the search index.');
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const log = (message) => console.error(`[start] ${message}`);
const wiring = wiringWarning(buildSearchOrigins(buildDir), searchPorts);
if (wiring) log(`warning: ${wiring}`);
let stopping = false;

class Supervised {
  /** @param {string} name @param {string[]} args node arguments */
  constructor(name, args) {
    this.name = name;
    this.args = args;
    this.child = null;
    this.delay = BACKOFF_FIRST_MS;
    this.failedStarts = 0;
    this.timer = null;
  }

  start() {
    if (stopping) return;
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', exitWithParent, ...this.args], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    child.on('error', (error) => log(`${this.name} could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (stopping) return;
      const ran = Date.now() - started;
      if (ran >= HEALTHY_AFTER_MS) this.delay = BACKOFF_FIRST_MS;
      this.failedStarts = ran < FAILED_START_MS ? this.failedStarts + 1 : 0;
      if (this.failedStarts >= MAX_FAILED_STARTS) {
        log(`${this.name} failed to start ${MAX_FAILED_STARTS} times in a row (last exit: ${signal ?? code}); stopping everything.`);
        stopAll(1);
        return;
      }
      log(`${this.name} (pid ${child.pid}) stopped (${signal ?? `exit code ${code}`}) after ${(ran / 1000).toFixed(1)} s; restarting in ${this.delay} ms.`);
      this.timer = setTimeout(() => {
        this.timer = null;
        this.start();
        log(`${this.name} restarted (pid ${this.child?.pid}).`);
      }, this.delay);
      this.delay = Math.min(this.delay * 2, BACKOFF_MAX_MS);
    });
  }

  /** Resolves when the child has exited (SIGTERM, then SIGKILL after the grace period). */
  stop() {
    if (this.timer) clearTimeout(this.timer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

const children = [
  new Supervised(`site server on :${sitePort}`, [path.join(root, 'scripts', 'serve.mjs'), '--port', String(sitePort), '--root', buildDir]),
  ...searchPorts.map(
    (port) =>
      new Supervised(`search replica on :${port}`, [
        '--max-semi-space-size=32',
        '--import',
        'tsx',
        path.join(root, 'search', 'src', 'cli.ts'),
        'serve',
        '--port',
        String(port),
        '--index',
        indexFile,
      ]),
  ),
];

async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((c) => c.stop()));
  process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
// Last resort if this process exits some other way: children must not outlive it.
process.on('exit', () => children.forEach((c) => c.child?.kill('SIGTERM')));

for (const c of children) c.start();

const urls = [`http://127.0.0.1:${sitePort}/`, ...searchPorts.map((p) => `http://127.0.0.1:${p}/health`)];
for (let i = 0; i < 150 && !stopping; i += 1) {
  if ((await Promise.all(urls.map((url) => answers(url)))).every(Boolean)) {
    console.log(`\n  site:    http://localhost:${sitePort}/`);
    console.log(`  search:  ${searchPorts.map((p) => `http://127.0.0.1:${p}`).join(', ')}`);
    console.log(`  pids:    ${children.map((c) => `${c.name.split(' on ')[0]} ${c.child?.pid}`).join(', ')}`);
    console.log('  Ctrl+C stops everything.\n');
    break;
  }
  await new Promise((r) => setTimeout(r, 200));
}
