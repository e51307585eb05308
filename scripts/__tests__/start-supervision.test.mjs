// `npm start` as a supervisor: the site server and each search replica are child processes; one that
// dies comes back; Ctrl+C (SIGINT) stops them all; and if the supervisor itself is killed, no child
// is left behind.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureBuild } from './helpers/fixture-build.mjs';
import { freePort } from '../lib/free-port.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let build = '';
let indexFile = '';
const started = [];

const running = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/** Starts `node scripts/start.mjs --no-build` on free ports; resolves once everything answers. */
async function startSupervisor() {
  const [site, a, b] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, [path.join(repo, 'scripts', 'start.mjs'), '--no-build'], {
    env: { ...process.env, PORT: String(site), SEARCH_PORTS: `${a},${b}`, SITE_BUILD_DIR: build, SEARCH_INDEX_FILE: indexFile, SEARCH_QUIET: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const run = { child, site, replicas: [a, b], output: '' };
  child.stdout.on('data', (d) => (run.output += d));
  child.stderr.on('data', (d) => (run.output += d));
  await expect.poll(() => /pids: .*search replica \d+, search replica \d+/.test(run.output), { timeout: 60_000, interval: 200 }).toBe(true);
  const pids = run.output.match(/pids: +site server (\d+), search replica (\d+), search replica (\d+)/);
  run.pids = pids.slice(1).map(Number);
  return run;
}

beforeAll(async () => {
  build = await fixtureBuild();
  indexFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'index-')), 'index.json');
  fs.writeFileSync(
    indexFile,
    JSON.stringify({ format: 'trpc-search-index', formatVersion: 1, createdAt: new Date().toISOString(), siteUrl: 'http://localhost:3000', pages: 0, records: [] }),
  );
}, 60_000);

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(build, { recursive: true, force: true });
  fs.rmSync(path.dirname(indexFile), { recursive: true, force: true });
});

describe('npm start supervision', () => {
  it('restarts a replica and the site server that die, then stops every child on SIGINT', async () => {
    const run = await startSupervisor();
    const [sitePid, replicaPid] = run.pids;
    expect(await answers(`http://127.0.0.1:${run.site}/`)).toBe(true);
    // The fixture build searches on 7700/7701, these replicas listen elsewhere: the reader is told.
    expect(run.output).toContain(
      `[start] warning: The build sends searches to http://127.0.0.1:7700, http://127.0.0.1:7701, not to the replicas started here (ports ${run.replicas.join(', ')})`,
    );
    // The banner waits for the replicas' search threads, not only for their sockets.
    for (const port of run.replicas) {
      const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
      expect(health.threads, `replica :${port}; the supervisor printed:\n${run.output}`).toBe('ready');
    }

    process.kill(replicaPid, 'SIGKILL');
    await expect.poll(() => run.output.includes(`search replica on :${run.replicas[0]} restarted`), { timeout: 20_000 }).toBe(true);
    expect(run.output).toMatch(new RegExp(`search replica on :${run.replicas[0]} \\(pid ${replicaPid}\\) stopped \\(SIGKILL\\)`));
    await expect.poll(() => answers(`http://127.0.0.1:${run.replicas[0]}/health`), { timeout: 30_000 }).toBe(true);

    process.kill(sitePid, 'SIGKILL');
    await expect.poll(() => run.output.includes(`site server on :${run.site} restarted`), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => answers(`http://127.0.0.1:${run.site}/`), { timeout: 30_000 }).toBe(true);

    const children = [...run.output.matchAll(/\(pid (\d+)\)/g)].map((m) => Number(m[1]));
    const all = [...new Set([...run.pids, ...children])];
    const exited = new Promise((resolve) => run.child.once('exit', (code) => resolve(code)));
    run.child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(all.filter(running)).toEqual([]);
    expect(await answers(`http://127.0.0.1:${run.site}/`)).toBe(false);
  }, 120_000);

  it('leaves no child behind when the supervisor itself is killed', async () => {
    const run = await startSupervisor();
    run.child.kill('SIGKILL');
    await expect.poll(() => run.pids.filter(running), { timeout: 10_000, interval: 100 }).toEqual([]);
  }, 120_000);
});
