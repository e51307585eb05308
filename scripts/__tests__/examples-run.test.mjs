// Pages whose example is a server and a client that prints something, run as a reader runs them:
// the files taken from the page's code blocks (the checker's own extraction), the server started,
// the client run against it and its output compared with the output the page shows (the first
// text block after the client's code). check:samples proves that the code compiles; this proves
// that it does what the page says, against that version's packages. The client runs with the
// globals a browser has (a `WebSocket`), as the pages' clients expect.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { extractBlocks, layoutPage } from '../samples/extract.mjs';
import { freePort } from '../lib/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const RUNNABLE = [
  { version: 'v11', page: 'site/docs/quickstart.md', server: 'server/index.ts', port: 3000 },
  { version: 'v10', page: 'site/versioned_docs/version-10.x/quickstart.md', server: 'server/index.ts', port: 3000 },
  { version: 'v9', page: 'site/versioned_docs/version-9.x/quickstart.md', server: 'server/index.ts', port: 2022 },
  // Both subscription examples printed nothing until session 16: the review or stock change was
  // sent before the server listened.
  { version: 'v10', page: 'site/versioned_docs/version-10.x/subscriptions.md', server: 'server/wsServer.ts', port: 3001 },
  // Its client is client/stock.ts, so that it does not overwrite the quickstart's client/index.ts.
  { version: 'v9', page: 'site/versioned_docs/version-9.x/subscriptions.md', server: 'server/wsServer.ts', port: 2023, client: 'client/stock.ts' },
];
const DEFAULT_CLIENT = 'client/index.ts';

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

/** Runs a TypeScript file of the folder with tsx (and `preload` first); resolves with its output and exit code. */
function runTs(cwd, file, ms, preload) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...(preload ? ['--import', preload] : []), file], { cwd, env: { ...process.env, NODE_ENV: 'development' } });
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

/** The first ```text block after the line where the client's code block starts. */
function shownOutput(source, clientLine) {
  const after = source.split('\n').slice(clientLine).join('\n');
  const match = after.match(/```text\n([\s\S]*?)\n```/);
  return match ? match[1] : null;
}

const folders = [];
const servers = [];
afterAll(() => {
  for (const child of servers) child.kill('SIGKILL');
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('examples run as their pages say', () => {
  for (const { version, page, server: serverFile, port: shownPort, client: clientFile = DEFAULT_CLIENT } of RUNNABLE) {
    it(`${page}: the client prints the output the page shows`, { timeout: 60_000 }, async () => {
      const source = fs.readFileSync(path.join(root, page), 'utf8');
      const layout = layoutPage(extractBlocks(source));
      expect(layout.problems).toEqual([]);
      const files = new Map(layout.files.map((f) => [f.path, f.code]));
      expect([...files.keys()]).toEqual(expect.arrayContaining([serverFile, clientFile]));
      const expected = shownOutput(source, layout.files.find((f) => f.path === clientFile).line);
      expect(expected, 'the page shows what the client prints, in a text block after the command').toBeTruthy();

      // Beside the version's packages, so `@trpc/*` resolves to that version (as in check:samples).
      const dir = path.join(root, 'examples', version, '.generated', `run-${path.basename(page, '.md')}-${process.pid}`);
      folders.push(dir);
      fs.rmSync(dir, { recursive: true, force: true });
      const port = await freePort();
      for (const [rel, code] of files) {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        // The page's port, wherever it appears (listen, URLs), becomes a free one.
        fs.writeFileSync(path.join(dir, rel), code.replaceAll(String(shownPort), String(port)));
      }
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      // A browser's WebSocket, where Node (before 22) has none.
      fs.writeFileSync(path.join(dir, 'browser-globals.mjs'), "import ws from 'ws';\nglobalThis.WebSocket ??= ws;\n");

      const server = spawn(process.execPath, ['--import', 'tsx', serverFile], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      servers.push(server);
      let serverLog = '';
      server.stdout.on('data', (d) => (serverLog += d));
      server.stderr.on('data', (d) => (serverLog += d));
      try {
        await waitForPort(port, 30_000, server);
      } catch (error) {
        throw new Error(`${error.message}\n${serverLog}`);
      }
      const client = await runTs(dir, clientFile, 30_000, './browser-globals.mjs');
      server.kill('SIGKILL');
      expect(client.stderr, 'the client writes nothing to stderr').toBe('');
      expect(client.code).toBe(0);
      // Ids the page cannot know in advance are shown as they come out of the page's own in-memory
      // data, so the whole output must match line for line.
      expect(client.stdout.trimEnd()).toBe(expected.replaceAll(String(shownPort), String(port)));
    });
  }
});
