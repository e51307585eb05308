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
import { extractBlocks, layoutPage, resolveFrom } from '../samples/extract.mjs';
import { pageReader } from '../samples/sources.mjs';
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
  // Each line starts with the milliseconds since the calls went out, which vary; what the page
  // promises is the gap: the fast result prints at once, the slow one about 800 ms later, and with
  // httpBatchLink in the stream link's place both print together.
  {
    version: 'v11',
    page: 'site/docs/client/links/httpBatchStreamLink.md',
    server: 'server/stream-server.ts',
    port: 3000,
    client: 'client/stream.ts',
    timed: { minGap: 400, unstreamed: ['httpBatchStreamLink', 'httpBatchLink'], maxUnstreamedGap: 100 },
  },
  {
    version: 'v10',
    page: 'site/versioned_docs/version-10.x/client/links/httpBatchStreamLink.md',
    server: 'server/index.ts',
    port: 3000,
    timed: { minGap: 1000, unstreamed: ['unstable_httpBatchStreamLink', 'httpBatchLink'], maxUnstreamedGap: 100 },
  },
  // The client listens until someone posts a review; the page posts one with curl from a third
  // terminal and names the line the client then prints.
  { version: 'v11', page: 'site/docs/server/subscriptions.md', server: 'server/live-server.ts', port: 3000, client: 'client/live.ts', trigger: 'curl' },
  // Server-sent events: the status generator yields four states a second apart, then returns; the
  // client prints each one (it printed nothing until session 25: it unsubscribed at once).
  { version: 'v11', page: 'site/docs/client/links/httpSubscriptionLink.md', server: 'server/status-server.ts', port: 3000, client: 'client/status.ts' },
  // No server: the client calls the router in its own process, as the page says.
  { version: 'v11', page: 'site/docs/client/links/localLink.md', client: 'scripts/print-book.ts' },
  // A test file run by Node's test runner (it exits with 1 when a test fails); the page names the
  // summary line it reports.
  { version: 'v11', page: 'site/docs/client/links/localLink.md', client: 'test/orders.test.ts', nodeArgs: ['--test'], reports: ['# pass 1'] },
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

/**
 * Starts a long-running client (with the browser globals) and posts `body` to `url` every 300 ms until
 * the client prints a line or `ms` pass; then stops it and resolves with what it wrote.
 */
function untilPrinted(cwd, file, url, body, ms) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', './browser-globals.mjs', file], { cwd, env: { ...process.env, NODE_ENV: 'development' } });
    let stdout = '';
    let stderr = '';
    const finish = () => {
      clearInterval(poster);
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve({ stdout: stdout.trim(), stderr });
    };
    child.stdout.on('data', (d) => {
      stdout += d;
      if (stdout.includes('\n')) finish();
    });
    child.stderr.on('data', (d) => (stderr += d));
    const poster = setInterval(() => {
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).catch(() => {});
    }, 300);
    const timer = setTimeout(finish, ms);
  });
}

/** Runs a TypeScript file of the folder with tsx (and `preload` first); resolves with its output and exit code. */
function runTs(cwd, file, ms, preload, nodeArgs = []) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...(preload ? ['--import', preload] : []), ...nodeArgs, file], { cwd, env: { ...process.env, NODE_ENV: 'development' } });
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

const TIME = /^(\d+) ms /;

/** The milliseconds each line of a timed output starts with. */
function lineTimes(output) {
  return output.split('\n').map((line) => {
    const m = TIME.exec(line);
    if (!m) throw new Error(`a line of the timed output does not start with its time: ${JSON.stringify(line)}`);
    return Number(m[1]);
  });
}

/**
 * The request of the first `curl -X POST` block after the client's code, and the line the page says the
 * client then prints ("The client prints `…`").
 */
function curlTrigger(source, clientLine) {
  const after = source.split('\n').slice(clientLine).join('\n');
  const block = after.match(/```bash\n(curl -X POST[\s\S]*?)\n```/);
  if (!block) return null;
  const body = block[1].match(/-d '([^']*)'/)?.[1];
  const url = block[1].match(/(https?:\/\/\S+)/)?.[1];
  const prints = after.slice(block.index).match(/The client prints `([^`]+)`/)?.[1];
  return body && url && prints ? { body, url, prints } : null;
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
  for (const { version, page, server: serverFile, port: shownPort, client: clientFile = DEFAULT_CLIENT, timed, nodeArgs, reports, trigger } of RUNNABLE) {
    it(`${page}: ${clientFile} prints the output the page shows`, { timeout: 60_000 }, async () => {
      const source = fs.readFileSync(path.join(root, page), 'utf8');
      const resolved = resolveFrom(extractBlocks(source), page.replace(/^site\//, ''), pageReader(path.join(root, 'site')));
      expect(resolved.problems).toEqual([]);
      const layout = layoutPage(resolved.blocks);
      expect(layout.problems).toEqual([]);
      const files = new Map(layout.files.map((f) => [f.path, f.code]));
      expect([...files.keys()]).toEqual(expect.arrayContaining([serverFile ?? clientFile, clientFile]));
      const clientLine = layout.files.find((f) => f.path === clientFile).line;
      const posted = trigger ? curlTrigger(source, clientLine) : null;
      if (trigger) expect(posted, 'the page posts with curl and names the line the client prints').toBeTruthy();
      const expected = reports ? reports.join('\n') : posted ? posted.prints : shownOutput(source, clientLine);
      expect(expected, 'the page shows what the client prints, in a text block after the command').toBeTruthy();
      for (const line of reports ?? []) expect(source, 'the page names the line the run reports').toContain(`\`${line}\``);

      // Beside the version's packages, so `@trpc/*` resolves to that version (as in check:samples).
      const dir = path.join(root, 'examples', version, '.generated', `run-${path.basename(page, '.md')}-${process.pid}`);
      folders.push(dir);
      fs.rmSync(dir, { recursive: true, force: true });
      const port = serverFile ? await freePort() : undefined;
      // The page's port, wherever it appears (listen, URLs), becomes a free one.
      const swapPort = (text) => (serverFile ? text.replaceAll(String(shownPort), String(port)) : text);
      const write = (rel, code) => {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), swapPort(code));
      };
      for (const [rel, code] of files) write(rel, code);
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      // A browser's WebSocket and EventSource, where Node (before 22) has neither.
      fs.writeFileSync(
        path.join(dir, 'browser-globals.mjs'),
        "import ws from 'ws';\nimport { EventSource } from 'eventsource';\nglobalThis.WebSocket ??= ws;\nglobalThis.EventSource ??= EventSource;\n",
      );

      let server;
      if (serverFile) {
        server = spawn(process.execPath, ['--import', 'tsx', serverFile], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
        servers.push(server);
        let serverLog = '';
        server.stdout.on('data', (d) => (serverLog += d));
        server.stderr.on('data', (d) => (serverLog += d));
        try {
          await waitForPort(port, 30_000, server);
        } catch (error) {
          throw new Error(`${error.message}\n${serverLog}`);
        }
      }
      const runClient = async () => {
        const client = await runTs(dir, clientFile, 30_000, './browser-globals.mjs', nodeArgs);
        expect(client.stderr, 'the client writes nothing to stderr').toBe('');
        expect(client.code).toBe(0);
        return client.stdout.trimEnd();
      };
      try {
        if (posted) {
          // The client runs until it is stopped. Post until it prints, since a review posted before its
          // subscription reached the server is not sent to it; the first line must be the page's.
          const lines = await untilPrinted(dir, clientFile, swapPort(posted.url), posted.body, 20_000);
          expect(lines.stderr, 'the client writes nothing to stderr').toBe('');
          expect(lines.stdout.split('\n')[0]).toBe(expected);
          return;
        }
        const output = await runClient();
        const shown = swapPort(expected);
        if (reports) {
          // A test runner's report also lists timings and the tests' names: the page names only these lines.
          for (const line of reports) expect(output.split('\n')).toContain(line);
          return;
        }
        if (!timed) {
          // Ids the page cannot know in advance are shown as they come out of the page's own in-memory
          // data, so the whole output must match line for line.
          expect(output).toBe(shown);
          return;
        }
        const untimed = (text) => text.replace(/^\d+ ms /gm, 'N ms ');
        expect(untimed(output)).toBe(untimed(shown));
        const [first, second] = lineTimes(output);
        expect(second - first, `the second line comes at least ${timed.minGap} ms after the first`).toBeGreaterThanOrEqual(timed.minGap);
        // The same client with the other link, as the page says, prints both lines together.
        write(clientFile, files.get(clientFile).replaceAll(...timed.unstreamed));
        const [a, b] = lineTimes(await runClient());
        expect(b - a, 'without streaming both lines print together').toBeLessThan(timed.maxUnstreamedGap);
        expect(a, 'without streaming the first line waits for the slow call').toBeGreaterThanOrEqual(timed.minGap);
      } finally {
        server?.kill('SIGKILL');
      }
    });
  }
});
