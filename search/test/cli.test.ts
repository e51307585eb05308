/** The CLI as a user runs it: real processes, real files, real signals. */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_BUILD, TEST_DIR } from './helpers.ts';

const CLI = path.join(TEST_DIR, '..', 'src', 'cli.ts');
const PACKAGE = path.join(TEST_DIR, '..');

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'search-cli-test-'));
});
/** Servers started by a test are stopped even when the test fails or times out. */
const children = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await fs.rm(dir, { recursive: true, force: true });
});

function start(args: string[], env: Record<string, string> = {}): ChildProcess {
  // As the package scripts run it: node --import tsx.
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: PACKAGE, env: { ...process.env, ...env, INIT_CWD: dir }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  return child;
}

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = start(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function waitFor(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}: ${out}`)), 15_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
  });
}

// Each test starts Node processes (tsx, Fastify): seconds each on a loaded two-core machine.
describe('cli', { timeout: 60_000 }, () => {
  it('indexes a build folder', async () => {
    const out = path.join(dir, 'index.json');
    const res = await run(['index', '--build', FIXTURE_BUILD, '--out', out, '--site-url', 'https://trpc.example']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Indexed 6 pages .* into \d+ records/);
    const index = JSON.parse(await fs.readFile(out, 'utf8'));
    expect(index.records[0].url.startsWith('https://trpc.example/')).toBe(true);
  });

  it('serves, answers, and stops on SIGTERM', async () => {
    const out = path.join(dir, 'serve.json');
    expect((await run(['index', '--build', FIXTURE_BUILD, '--out', out, '--quiet'])).code).toBe(0);
    const child = start(['serve', '--index', out, '--port', '0', '--quiet']);
    const banner = await waitFor(child, /Search service: http:\/\/127\.0\.0\.1:(\d+)/);
    const port = /127\.0\.0\.1:(\d+)/.exec(banner)![1];
    const res = await fetch(`http://127.0.0.1:${port}/1/indexes/*/queries?x-algolia-application-id=TRPCLOCAL&x-algolia-api-key=trpc-public-search-key`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ requests: [{ indexName: 'trpc-docs', query: 'routers' }] }),
    });
    expect(res.status).toBe(200);
    const data = (await res.json()) as { results: { nbHits: number }[] };
    expect(data.results[0]!.nbHits).toBeGreaterThan(0);
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('explains a missing index file without a stack trace', async () => {
    const res = await run(['serve', '--index', path.join(dir, 'missing.json'), '--port', '0']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^Error: Index file .*missing\.json not found\. Build the site, then run the index command/);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('explains a corrupt index file without a stack trace', async () => {
    const file = path.join(dir, 'corrupt.json');
    await fs.writeFile(file, '{"format":"trpc-search-index","formatVersion":1,"records":[{"objectID":');
    const res = await run(['serve', '--index', file, '--port', '0']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^Error: Index file .* is not valid: it is not JSON/);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('explains a missing build folder and unknown commands', async () => {
    const missing = await run(['index', '--build', path.join(dir, 'no-build'), '--out', path.join(dir, 'x.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Build folder .* does not exist/);
    const unknown = await run(['frobnicate']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown command "frobnicate"/);
  });

  it('explains a port in use', async () => {
    const out = path.join(dir, 'busy.json');
    expect((await run(['index', '--build', FIXTURE_BUILD, '--out', out, '--quiet'])).code).toBe(0);
    const first = start(['serve', '--index', out, '--port', '0', '--quiet']);
    const banner = await waitFor(first, /127\.0\.0\.1:(\d+)/);
    const port = /127\.0\.0\.1:(\d+)/.exec(banner)![1]!;
    const second = await run(['serve', '--index', out, '--port', port]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/already in use/);
    const exited = new Promise((resolve) => first.on('close', resolve));
    first.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
