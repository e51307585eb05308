import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Page, test } from './test';

const root = path.resolve(__dirname, '..', '..');

/** The index the replicas serve: the one `npm run build` wrote, or SEARCH_INDEX_FILE. */
export const INDEX_FILE = process.env.SEARCH_INDEX_FILE ?? path.join(root, 'search', 'data', 'index.json');
/** The hosts the site was built with (SEARCH_HOSTS defaults), in the order the client tries them. */
export const REPLICA_PORTS = [7700, 7701];

async function healthy(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    // Alive is not enough: wait until the replica's search threads have started, so the first tests
    // do not race six engines being built on two cores.
    return res.ok && (await res.json()).threads === 'ready';
  } catch {
    return false;
  }
}

/** Starts and stops search replicas for tests that need to take them down. */
export class Replicas {
  private children = new Map<number, ChildProcess>();

  async start(ports = REPLICA_PORTS): Promise<void> {
    if (!fs.existsSync(INDEX_FILE)) throw new Error(`No search index at ${INDEX_FILE}: run "npm run build" first.`);
    for (const port of ports) {
      if (this.children.has(port)) continue;
      if (await healthy(port)) throw new Error(`Port ${port} already has a search service: stop it (npm start?) before the e2e tests.`);
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'search', 'src', 'cli.ts'), 'serve', '--port', String(port), '--index', INDEX_FILE, '--quiet'],
        { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      this.children.set(port, child);
    }
    for (const port of ports) {
      // Each replica starts three search threads (two readers, one heavy), each building its engine;
      // on two cores shared with Chromium workers that took more than 20 s once in CI.
      const deadline = Date.now() + 60_000;
      while (!(await healthy(port))) {
        if (Date.now() > deadline) throw new Error(`search replica on :${port} did not start`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  async stop(port: number): Promise<void> {
    const child = this.children.get(port);
    if (!child) return;
    this.children.delete(port);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.children.keys()].map((port) => this.stop(port)));
  }
}

/** The build the tests run against (SITE_BUILD_DIR, or site/build). */
export const BUILD_DIR = path.resolve(process.env.SITE_BUILD_DIR ?? path.join(root, 'site', 'build'));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function runCli(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: path.join(root, 'search') });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`search ${args[0]} exited with ${code}: ${output}`))));
  });
}

export interface PrivateSearch {
  port: number;
  /** Sends the page's requests for the build's search hosts (127.0.0.1:7700/7701) to this replica. */
  route(page: Page): Promise<void>;
  stop(): void;
}

/**
 * Indexes the build under test and starts one replica of its own on a free port, for tests that
 * search but must not depend on the shared replicas that search.spec.ts starts and stops.
 */
export async function startPrivateSearch(baseUrl: string): Promise<PrivateSearch> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-search-'));
  const index = path.join(dir, 'index.json');
  await runCli(['index', '--build', BUILD_DIR, '--out', index, '--quiet']);
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', String(port), '--index', index, '--site-url', baseUrl, '--quiet'],
    { cwd: path.join(root, 'search'), stdio: 'ignore' },
  );
  const stop = () => {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the search replica exited with ${child.exitCode}`);
    if (await healthy(port)) {
      return {
        port,
        stop,
        route: async (page) => {
          await page.route(/^http:\/\/127\.0\.0\.1:770[01]\//, (r) =>
            r.continue({ url: r.request().url().replace(/^http:\/\/127\.0\.0\.1:770[01]/, `http://127.0.0.1:${port}`) }),
          );
        },
      };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  throw new Error('the search replica did not start within 30 s');
}

/**
 * One private replica for the spec file that calls this (started before its tests, stopped after);
 * returns the replica for `route(page)`.
 */
export function usePrivateSearch(baseUrl: string): () => PrivateSearch {
  let search: PrivateSearch | undefined;
  test.beforeAll(async () => {
    test.setTimeout(90_000); // indexing the build takes a few seconds on a busy machine
    search = await startPrivateSearch(baseUrl);
  });
  test.afterAll(() => {
    search?.stop();
    search = undefined;
  });
  return () => {
    if (!search) throw new Error('the private search replica is not running');
    return search;
  };
}
