// The quickstart of each docs version, run as a reader runs it: its files taken from the page's
// code blocks (the checker's own extraction), the server started, the client run against it and
// its output compared with the output the page shows. check:samples proves that the code compiles;
// this proves that it does what the page says, against that version's packages.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { extractBlocks, layoutPage } from '../samples/extract.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const QUICKSTARTS = [
  { version: 'v11', page: 'site/docs/quickstart.md', port: 3000 },
  { version: 'v10', page: 'site/versioned_docs/version-10.x/quickstart.md', port: 3000 },
  { version: 'v9', page: 'site/versioned_docs/version-9.x/quickstart.md', port: 2022 },
];

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on the port, or rejects after `ms`. */
async function waitForPort(port, ms, child) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const open = await new Promise((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listened on port ${port} within ${ms} ms`);
}

/** Runs a TypeScript file of the folder with tsx; resolves with its output and exit code. */
function runTs(cwd, file, ms) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd, env: { ...process.env, NODE_ENV: 'development' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The ```text block that follows the page's command for running `client/index.ts`. */
function shownOutput(source) {
  const at = source.search(/npx tsx client\/index\.ts/);
  if (at === -1) return null;
  const match = source.slice(at).match(/```text\n([\s\S]*?)\n```/);
  return match ? match[1] : null;
}

const folders = [];
const servers = [];
afterAll(() => {
  for (const child of servers) child.kill('SIGKILL');
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('quickstarts run as their pages say', () => {
  for (const { version, page, port: shownPort } of QUICKSTARTS) {
    it(`${page}: the client prints the output the page shows`, { timeout: 60_000 }, async () => {
      const source = fs.readFileSync(path.join(root, page), 'utf8');
      const layout = layoutPage(extractBlocks(source));
      expect(layout.problems).toEqual([]);
      const files = new Map(layout.files.map((f) => [f.path, f.code]));
      expect([...files.keys()]).toEqual(expect.arrayContaining(['server/index.ts', 'client/index.ts']));
      const expected = shownOutput(source);
      expect(expected, 'the page shows what the client prints, in a text block after the command').toBeTruthy();

      // Beside the version's packages, so `@trpc/*` resolves to that version (as in check:samples).
      const dir = path.join(root, 'examples', version, '.generated', `run-quickstart-${process.pid}`);
      folders.push(dir);
      fs.rmSync(dir, { recursive: true, force: true });
      const port = await freePort();
      for (const [rel, code] of files) {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        // The page's port, wherever it appears (listen, URLs), becomes a free one.
        fs.writeFileSync(path.join(dir, rel), code.replaceAll(String(shownPort), String(port)));
      }
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));

      const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      servers.push(server);
      let serverLog = '';
      server.stdout.on('data', (d) => (serverLog += d));
      server.stderr.on('data', (d) => (serverLog += d));
      try {
        await waitForPort(port, 30_000, server);
      } catch (error) {
        throw new Error(`${error.message}\n${serverLog}`);
      }
      const client = await runTs(dir, 'client/index.ts', 30_000);
      server.kill('SIGKILL');
      expect(client.stderr, 'the client writes nothing to stderr').toBe('');
      expect(client.code).toBe(0);
      // Ids the page cannot know in advance are shown as they come out of the page's own in-memory
      // data, so the whole output must match line for line.
      expect(client.stdout.trimEnd()).toBe(expected.replaceAll(String(shownPort), String(port)));
    });
  }
});
