import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

/** The index the replicas serve: the one `npm run build` wrote, or SEARCH_INDEX_FILE. */
export const INDEX_FILE = process.env.SEARCH_INDEX_FILE ?? path.join(root, 'search', 'data', 'index.json');
/** The hosts the site was built with (SEARCH_HOSTS defaults), in the order the client tries them. */
export const REPLICA_PORTS = [7700, 7701];

async function healthy(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    return res.ok;
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
      const deadline = Date.now() + 20_000;
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
