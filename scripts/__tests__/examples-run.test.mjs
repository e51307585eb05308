// Pages whose example is a server and a client that prints something, run as a reader runs them:
// the files taken from the page's code blocks (the checker's own extraction), the server started,
// the client run against it and what it prints compared with what the page says it prints. One
// list and one check per kind of promise: the whole output (the first text block after the client's
// code), timed streaming, the first line of a client that keeps listening, the last line of one
// that logs before it, the values in comments after `console.log` calls, a test runner's report,
// and the answers the page shows to its `curl` commands.
// check:samples proves that the code compiles; this proves that it does what the page says, against
// that version's packages. The client runs with the globals a browser has (a `WebSocket`), as the
// pages' clients expect.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { extractBlocks, layoutPage, resolveFrom } from '../samples/extract.mjs';
import { pageReader } from '../samples/sources.mjs';
import { freePort } from '../lib/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// One list per kind of promise a page makes about its run; each kind is checked its own way below.
// `ports` are the page's ports: where the files use one as a port (listen calls, `port:` options,
// URLs; `portSwapper`) it becomes a free one, so runs never collide with each other or with a
// reader's servers. `server` is the file the page starts as its server, or a list of files when the
// page starts several, each in its own process.

/** The client exits, and everything it printed equals the first text block after its code. */
const WHOLE_OUTPUT = [
  { version: 'v11', page: 'site/docs/quickstart.md', server: 'server/index.ts', ports: [3000] },
  { version: 'v10', page: 'site/versioned_docs/version-10.x/quickstart.md', server: 'server/index.ts', ports: [3000] },
  { version: 'v9', page: 'site/versioned_docs/version-9.x/quickstart.md', server: 'server/index.ts', ports: [2022] },
  // Both subscription examples printed nothing until session 16: the review or stock change was
  // sent before the server listened.
  { version: 'v10', page: 'site/versioned_docs/version-10.x/subscriptions.md', server: 'server/wsServer.ts', ports: [3001] },
  // Its client is client/stock.ts, so that it does not overwrite the quickstart's client/index.ts.
  { version: 'v9', page: 'site/versioned_docs/version-9.x/subscriptions.md', server: 'server/wsServer.ts', ports: [2023], client: 'client/stock.ts' },
  // Server-sent events: the status generator yields four states a second apart, then returns; the
  // client prints each one (it printed nothing until session 25: it unsubscribed at once).
  { version: 'v11', page: 'site/docs/client/links/httpSubscriptionLink.md', server: 'server/status-server.ts', ports: [3000], client: 'client/status.ts' },
  // No server: the Lambda handler is invoked with a hand-built API Gateway event, and the worker's
  // fetch with a Request, in the script's own process.
  { version: 'v11', page: 'site/docs/server/adapters/aws-lambda.md', snapshot: 's1', client: 'server/invoke.ts' },
  { version: 'v11', page: 'site/docs/server/adapters/fetch.md', client: 'worker/try.ts' },
  { version: 'v10', page: 'site/versioned_docs/version-10.x/server/adapters/aws-lambda.md', client: 'server/invoke.ts' },
  { version: 'v10', page: 'site/blog/2023-01-17-tinyrpc-client.md', server: 'server/index.ts', ports: [2023], client: 'client/main.ts' },
  // Two servers in one process, as the page says: the Quickstart's server/index.ts with
  // `import './wsServer';` added at the top, HTTP on 3000 and the WebSocket on 3001. The review
  // arrives when the server's ten-second timer first fires.
  {
    version: 'v10',
    page: 'site/versioned_docs/version-10.x/client/links/splitLink.md',
    server: 'server/index.ts',
    ports: [3000, 3001],
    add: { 'server/index.ts': { from: 'site/versioned_docs/version-10.x/quickstart.md', prepend: "import './wsServer';\n" } },
  },
  // No server: the client calls the router in its own process, as the page says.
  { version: 'v11', page: 'site/docs/client/links/localLink.md', client: 'scripts/print-book.ts' },
  // Two services, each its own server process, as the page starts them in two terminals; the client
  // sends each call to the service named by the first segment of its path.
  {
    version: 'v11',
    page: 'site/docs/server/service-oriented-architecture.md',
    server: ['catalog/server.ts', 'orders/server.ts'],
    ports: [3001, 3002],
  },
];

/**
 * Each line starts with the milliseconds since the calls went out, which vary; what the page promises
 * is the gap: the fast result prints at once, the slow one about `minGap` ms later, and with the
 * unstreamed link in the stream link's place both print together: at most `maxUnstreamedGap` ms apart,
 * a quarter of the slow procedure's delay (800 ms in 11.x, 2 s in 10.x), since a loaded host can hold
 * the second of two lines printed in one turn for over 100 ms (seen: 160 ms while four installs ran).
 */
const TIMED = [
  {
    version: 'v11',
    page: 'site/docs/client/links/httpBatchStreamLink.md',
    server: 'server/stream-server.ts',
    ports: [3000],
    client: 'client/stream.ts',
    timed: { minGap: 400, unstreamed: ['httpBatchStreamLink', 'httpBatchLink'], maxUnstreamedGap: 200 },
  },
  {
    version: 'v10',
    page: 'site/versioned_docs/version-10.x/client/links/httpBatchStreamLink.md',
    server: 'server/index.ts',
    ports: [3000],
    timed: { minGap: 1000, unstreamed: ['unstable_httpBatchStreamLink', 'httpBatchLink'], maxUnstreamedGap: 500 },
  },
];

/**
 * The client listens until it is stopped; the page names the first line it prints ("the client then
 * prints `…`"). With `curl`, it prints only after the page's `curl -X POST` from a third terminal.
 */
const FIRST_LINE = [
  { version: 'v11', page: 'site/docs/server/subscriptions.md', server: 'server/live-server.ts', ports: [3000], client: 'client/live.ts', curl: true },
  // A stock counter over a WebSocket: 12 copies, one fewer every 1.5 s. The page's fuller example
  // writes server/wsServer.ts again, so the minimal example is the first snapshot.
  { version: 'v11', page: 'site/docs/client/links/wsLink.md', snapshot: 's0', server: 'server/wsServer.ts', ports: [3001], client: 'client/ws.ts' },
  // Signed out, the post's client catches the UNAUTHORIZED error; the post names the line in its
  // own words ("it prints `…`"), so the entry names it too and the post must contain it.
  { version: 'v10', page: 'site/blog/2022-11-21-announcing-trpc-10.md', snapshot: 's0', server: 'server/index.ts', ports: [2022], line: 'Not saved: Sign in to continue' },
  // The same, for pages that say "`npx tsx <client>` prints `…`" in their own words.
  // Two searches: the first is aborted by the second, which answers.
  { version: 'v11', page: 'site/docs/client/vanilla/aborting-procedure-calls.md', server: 'server/search-server.ts', ports: [3000], client: 'client/search.ts', line: "null [ 'Bleak House' ]" },
  // Server-sent stock counts, one a second (the browser globals give Node 20 its EventSource).
  { version: 'v11', page: 'site/docs/client/vanilla/setup.md', server: 'server/stock-server.ts', ports: [3000], client: 'client/stock.ts', line: 'b1: 9 left' },
  // The Express server of Getting started, on port 4000.
  // Run as the page says first, without NODE_ENV, so its loggerLink stays quiet.
  { version: 'v11', page: 'site/docs/getting-started.md', server: 'server/express.ts', ports: [4000], line: 'Results for "tides"', env: { NODE_ENV: undefined } },
  // Lines with a part that varies (an id, a duration): the page's wording, and the pattern it stands for.
  { version: 'v11', page: 'site/docs/server/websockets.md', server: 'server/socket/index.ts', ports: [3000], client: 'client/socket/index.ts', line: 'New order <id>: 23.98', match: /^New order \S+: 23\.98$/ },
  // The page's clients show `/trpc` in their url and tell a Quickstart reader to drop it.
  {
    version: 'v10',
    page: 'site/versioned_docs/version-10.x/client/links/introduction.md',
    server: 'server/index.ts',
    ports: [3000],
    client: 'client/timed.ts',
    replace: [['http://localhost:3000/trpc', 'http://localhost:3000']],
    line: 'bookById took 41ms',
    match: /^bookById took \d+ms$/,
  },
  // Callers need no server: the script calls the router in its own process.
  { version: 'v11', page: 'site/docs/server/context.md', snapshot: 's1', client: 'server/router.test.ts', line: '1' },
  { version: 'v10', page: 'site/versioned_docs/version-10.x/server/server-side-calls.md', client: 'scripts/fillCart.ts', line: '1' },
  // Run without NODE_ENV, as the page says, so that its loggerLink stays quiet; the date varies with the locale.
  {
    version: 'v10',
    page: 'site/versioned_docs/version-10.x/client/vanilla/setup.md',
    server: 'server/index.ts',
    ports: [3000],
    client: 'client/history.ts',
    replace: [['http://localhost:3000/trpc', 'http://localhost:3000']],
    line: 'o-1000',
    match: /^o-1000 \S+$/,
    env: { NODE_ENV: undefined },
  },
  // Concepts' files in a copy of the Quickstart's project, whose server serves this router unchanged.
  {
    version: 'v11',
    page: 'site/docs/concepts.md',
    server: 'server/index.ts',
    ports: [3000],
    add: { 'server/index.ts': { from: 'site/docs/quickstart.md' } },
    line: 'The Night Library 1',
  },
  // The post's second run: signed in with the header it tells the reader to add.
  {
    version: 'v10',
    page: 'site/blog/2022-11-21-announcing-trpc-10.md',
    snapshot: 's0',
    server: 'server/index.ts',
    ports: [2022],
    replace: [["httpBatchLink({ url: 'http://localhost:2022' })", "httpBatchLink({ url: 'http://localhost:2022', headers: { 'x-user-id': 'u1' } })"]],
    line: 'Saved review',
    match: /^Saved review \S+$/,
  },
];

/**
 * The client exits, and the last line it prints is the one the page names ("then it prints `…`"); the
 * lines before it, such as `loggerLink`'s entries with their timings and headers, vary. `before` names
 * the starts of earlier lines the page shows, in order, matched without the terminal's colour codes
 * and with runs of spaces as one.
 */
const LAST_LINE = [
  { version: 'v10', page: 'site/versioned_docs/version-10.x/concepts.md', server: 'server.ts', ports: [3000], client: 'client.ts', line: 'b1 now has 5 copies' },
  // The Quickstart's server without the `basePath` the page asks for, so the client drops `/trpc`, as the page allows.
  {
    version: 'v11',
    page: 'site/docs/client/links/introduction.md',
    server: 'server/index.ts',
    ports: [3000],
    client: 'client/try-chain.ts',
    add: { 'server/index.ts': { from: 'site/docs/quickstart.md' } },
    replace: [['http://localhost:3000/trpc', 'http://localhost:3000']],
    before: ['>> query #1 book.byId', '<< query #1 book.byId'],
    line: 'The Night Library',
  },
];

/** A test file run by Node's test runner (it exits with 1 when a test fails); the page names the summary line. */
const TEST_REPORT = [{ version: 'v11', page: 'site/docs/client/links/localLink.md', client: 'test/orders.test.ts', nodeArgs: ['--test'], reports: ['# pass 1'] }];

/**
 * The client exits, and prints, line for line, what the comments after its `console.log(…);` calls
 * show (`console.log(status); // 409`); a string may be shown in quotes (`// 'Piranesi'`), and a note
 * may follow the value after a colon (`// 2020: a real Date`).
 */
const COMMENTED_OUTPUT = [
  // No server: the script maps an error to its codes in its own process.
  { version: 'v11', page: 'site/docs/further/rpc.md', client: 'status.ts' },
  // No server: the fake terminating link answers in the script's own process.
  { version: 'v11', page: 'site/docs/client/links/introduction.md', client: 'client/fakeLink.ts' },
  { version: 'v10', page: 'site/versioned_docs/version-10.x/server/context.md', server: 'server/index.ts', ports: [3000], client: 'client/greet.ts' },
];

/**
 * No client: the page's server answers each `curl` command of the page's bash blocks as the page shows,
 * with the `# ` lines under the command, or else with the block right after the command's block (a
 * text or json block). JSON is compared as data, so the page may space it out; a `-i` answer is its
 * status line and its body (the headers between them are left out). A command the page answers in
 * prose ("the headers include `…`") names those lines in `lines`: each must be a line curl prints.
 * `serverEnv` is added to the server's environment.
 */
const CURL_ANSWERS = [
  // The `-i` answer is shown "with NODE_ENV=production, so without a stack".
  { version: 'v10', page: 'site/versioned_docs/version-10.x/further/rpc.md', server: 'server.ts', ports: [3000], serverEnv: { NODE_ENV: 'production' } },
  // The page's router, served by the Express adapter's server on /trpc, as the page says.
  {
    version: 'v9',
    page: 'site/versioned_docs/version-9.x/rpc.md',
    server: 'server/express.ts',
    ports: [4000],
    add: { 'server/express.ts': { from: 'site/versioned_docs/version-9.x/express.md' } },
    replace: [["from './routers/_app'", "from './router'"]],
  },
  // The standalone server that reads the session cookie, the page's last version of its files.
  { version: 'v9', page: 'site/versioned_docs/version-9.x/context.md', snapshot: 's2', server: 'server/index.ts', ports: [2022] },
  { version: 'v11', page: 'site/docs/client/react/setup.md', server: 'server/index.ts', ports: [3000] },
  { version: 'v10', page: 'site/blog/2023-01-17-tinyrpc-client.md', server: 'server/index.ts', ports: [2023] },
  {
    version: 'v11',
    page: 'site/docs/server/caching.md',
    server: 'server/index.ts',
    ports: [3000],
    lines: ['cache-control: public, max-age=0, s-maxage=60', 'cdn-cache-control: max-age=60, stale-while-revalidate=300'],
  },
];
const DEFAULT_CLIENT = 'client/index.ts';

/** Resolves once something accepts connections on the port, or rejects after `ms` or when one of the servers exits. */
async function waitForPort(port, ms, children) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const exited = children.find((child) => child.exitCode !== null);
    if (exited) throw new Error(`the server exited with ${exited.exitCode}`);
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
 * Starts a long-running client (with the browser globals) and, when `post` is given, posts its body to
 * its url every 300 ms, until the client prints a line or `ms` pass; then stops it and resolves with
 * what it wrote.
 * @param {{ url: string, body: string } | null} post
 */
function untilPrinted(cwd, file, post, ms, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', './browser-globals.mjs', file], { cwd, env: clientEnv(env) });
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
    const poster = post
      ? setInterval(() => {
          fetch(post.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: post.body }).catch(() => {});
        }, 300)
      : undefined;
    const timer = setTimeout(finish, ms);
  });
}

/**
 * A client's environment. Vitest sets NODE_ENV=test, which a reader's shell does not have; clients run
 * with NODE_ENV=development (libraries treat it like an unset one) unless the example says otherwise
 * (`undefined` removes a variable, as for a page that says to run without it).
 */
function clientEnv(overrides = {}) {
  const env = { ...process.env, NODE_ENV: 'development' };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** Runs a TypeScript file of the folder with tsx (and `preload` first); resolves with its output and exit code. */
function runTs(cwd, file, ms, preload, nodeArgs = []) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...(preload ? ['--import', preload] : []), ...nodeArgs, file], { cwd, env: clientEnv() });
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

/**
 * The part of a page that tells what the client prints: from the line where the client's code block
 * starts to the next second-level heading outside a code block (the whole page for a page without a
 * client). The lines a page names must be named there or in the page's lead (before its first heading,
 * which speaks for the whole page), not anywhere on the page, so a change to the mention under the
 * client fails even when another section names the same text.
 */
function clientSection(source, clientLine) {
  const lines = source.split('\n');
  if (clientLine == null) return source;
  // `clientLine` is the 1-based line of the block's first code line, so its fence is two lines up.
  const start = clientLine - 2;
  if (!/^\s*```/.test(lines[start] ?? '')) throw new Error(`no code fence at line ${start + 1}`);
  let fenced = false;
  let end = lines.length;
  for (let i = start; i < lines.length; i++) {
    if (/^\s*```/.test(lines[i])) fenced = !fenced;
    else if (!fenced && /^#{1,2} /.test(lines[i])) {
      end = i;
      break;
    }
  }
  return lines.slice(start, end).join('\n');
}

/** A page's lead: its text after the front matter and before its first heading. */
function lead(source) {
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
  const heading = body.search(/^#{1,6} /m);
  return heading === -1 ? body : body.slice(0, heading);
}

/** The line a page says a long-running client prints first: "the client then prints `…`". */
function namedLine(source, clientLine) {
  const after = source.split('\n').slice(clientLine).join('\n');
  return after.match(/[Tt]he client (?:then )?prints `([^`]+)`/)?.[1] ?? null;
}

/**
 * The `curl` commands of a page's bash blocks (a command goes on over lines that end with `\\`), each
 * with the answer the page shows for it: the `# ` lines right under it, or, for the only command of a
 * block, the block right after that block. `answer` is null when the page shows neither.
 * @returns {{ command: string, answer: string | null }[]}
 */
function curlCommands(source) {
  const fences = [...source.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```$/gm)];
  const commands = [];
  fences.forEach(([, lang, body], index) => {
    if (lang !== 'bash' && lang !== 'sh') return;
    const lines = body.replace(/\n$/, '').split('\n');
    const found = [];
    for (let i = 0; i < lines.length; i++) {
      if (!/^curl\s/.test(lines[i])) continue;
      const command = [lines[i]];
      while (command.at(-1).endsWith('\\') && i + 1 < lines.length) command.push(lines[++i]);
      const answer = [];
      while (i + 1 < lines.length && /^# /.test(lines[i + 1])) answer.push(lines[++i].slice(2));
      found.push({ command: command.join('\n'), answer: answer.length ? answer.join('\n') : null });
    }
    const next = fences[index + 1];
    if (found.length === 1 && found[0].answer === null && next && /^(text|json)$/.test(next[1])) {
      found[0].answer = next[2].replace(/\n$/, '');
    }
    commands.push(...found);
  });
  return commands;
}

/** Runs a curl command as a reader's shell does, without the progress meter; resolves with what it printed. */
function runCurl(command) {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command.replace(/^curl /, 'curl -sS ')]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** JSON as data (spacing and line breaks do not count); anything else as text. */
function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text.trim();
  }
}

const folders = [];
const servers = [];
afterAll(() => {
  for (const child of servers) child.kill('SIGKILL');
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Replaces each page port where the code uses it as a port (`localhost:3000`, `127.0.0.1:3000`,
 * `listen(3000`, `port: 3000`) with its free port, in one pass, so a free port that contains another
 * page port is left alone and the same number used for something else (a 3000 ms timeout) is kept.
 * @param {Map<string, string>} freePorts page port → free port
 */
function portSwapper(freePorts) {
  if (freePorts.size === 0) return (text) => text;
  const pattern = new RegExp(`(?<=(?:localhost|127\\.0\\.0\\.1):|\\blisten\\(|\\bport:\\s?)(${[...freePorts.keys()].join('|')})\\b`, 'g');
  return (text) => text.replace(pattern, (p) => freePorts.get(p));
}

/**
 * Lays out a page's project as a reader has it (the checker's own extraction, `from=` resolved, the
 * files a page tells the reader to copy added), beside the version's packages so `@trpc/*` resolves
 * to that version, with the page's ports swapped for free ones; starts its server when it has one.
 */
async function preparePage({ version, page, server: serverFile, ports: shownPorts = [], client: clientFile = DEFAULT_CLIENT, add = {}, snapshot, replace = [], serverEnv = {} }) {
  const read = pageReader(path.join(root, 'site'));
  const source = fs.readFileSync(path.join(root, page), 'utf8');
  const layoutOf = (rel, text) => {
    const resolved = resolveFrom(extractBlocks(text), rel, read);
    expect(resolved.problems).toEqual([]);
    const layout = layoutPage(resolved.blocks);
    expect(layout.problems).toEqual([]);
    return layout;
  };
  const layout = layoutOf(page.replace(/^site\//, ''), source);
  // A page that writes a file twice is laid out in snapshots (s0/, s1/, …): the reader's project at
  // each rewrite. `snapshot` names the one the run uses.
  const pageFiles = snapshot
    ? layout.files.filter((f) => f.path.startsWith(`${snapshot}/`)).map((f) => ({ ...f, path: f.path.slice(snapshot.length + 1) }))
    : layout.files;
  const files = new Map(pageFiles.map((f) => [f.path, f.code]));
  // Files the page tells the reader to copy from another page and change ("add `import './wsServer';`
  // at the top"): taken from that page's layout, so the run follows that page's current code.
  for (const [rel, { from, prepend = '' }] of Object.entries(add)) {
    const other = layoutOf(from.replace(/^site\//, ''), fs.readFileSync(path.join(root, from), 'utf8'));
    const code = other.files.findLast((f) => f.path === rel)?.code;
    expect(code, `${from} shows ${rel}`).toBeTruthy();
    files.set(rel, prepend + code);
  }
  // Edits the page tells the reader to make in every file ("with `http://localhost:3000` as their url").
  for (const [rel, code] of files) {
    files.set(rel, replace.reduce((text, [from, to]) => text.replaceAll(from, to), code));
  }
  // `client: null`: a page whose server is called with curl, not by a client of its own.
  const serverFiles = [serverFile ?? []].flat();
  expect([...files.keys()]).toEqual(expect.arrayContaining([...serverFiles, clientFile].filter(Boolean)));
  const clientLine = clientFile ? pageFiles.find((f) => f.path === clientFile).line : null;

  const dir = path.join(root, 'examples', version, '.generated', `run-${path.basename(page, '.md')}-${process.pid}-${folders.length}`);
  folders.push(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  const freePorts = new Map();
  for (const shown of shownPorts) freePorts.set(String(shown), String(await freePort()));
  const swapPorts = portSwapper(freePorts);
  const write = (rel, code) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), swapPorts(code));
  };
  for (const [rel, code] of files) write(rel, code);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  // A browser's WebSocket and EventSource, where Node (before 22) has neither.
  fs.writeFileSync(
    path.join(dir, 'browser-globals.mjs'),
    "import ws from 'ws';\nimport { EventSource } from 'eventsource';\nglobalThis.WebSocket ??= ws;\nglobalThis.EventSource ??= EventSource;\n",
  );

  // One process per server file; the page's ports are waited for once all of them are started.
  const started = [];
  let serverLog = '';
  for (const file of serverFiles) {
    const server = spawn(process.execPath, ['--import', 'tsx', file], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...serverEnv } });
    servers.push(server);
    started.push(server);
    server.stdout.on('data', (d) => (serverLog += d));
    server.stderr.on('data', (d) => (serverLog += d));
  }
  if (started.length) {
    try {
      for (const port of freePorts.values()) await waitForPort(Number(port), 30_000, started);
    } catch (error) {
      for (const server of started) server.kill('SIGKILL');
      throw new Error(`${error.message}\n${serverLog}`);
    }
  }
  return {
    source,
    section: clientSection(source, clientLine),
    named: `${lead(source)}\n${clientSection(source, clientLine)}`,
    dir,
    files,
    clientFile,
    clientLine,
    swapPorts,
    write,
    /** Runs the client to its end; it must write nothing to stderr and exit with 0. */
    async runClient(nodeArgs) {
      const client = await runTs(dir, clientFile, 30_000, './browser-globals.mjs', nodeArgs);
      expect(client.stderr, 'the client writes nothing to stderr').toBe('');
      expect(client.code).toBe(0);
      return client.stdout.trimEnd();
    },
    stop: () => started.forEach((server) => server.kill('SIGKILL')),
  };
}

/** Runs `check` against a prepared page and stops its server however the check ends. */
async function withPage(example, check) {
  const run = await preparePage(example);
  try {
    await check(run);
  } finally {
    run.stop();
  }
}

const title = (e) => `${e.page}: ${e.client ?? DEFAULT_CLIENT}`;

describe('where a page names what its client prints', () => {
  const page = [
    '---',
    'title: T',
    '---',
    'The lead says `lead line`.',
    '## Server',
    'Named here: `server line`.',
    '## Client',
    '```ts title="client.ts"',
    'console.log(1);',
    '## not a heading inside a block',
    '```',
    'It prints `client line`.',
    '### A subsection still belongs to the client',
    'Then `sub line`.',
    '## Later',
    'Later: `later line`.',
  ].join('\n');
  it("is the client's section, from its fence to the next second-level heading outside a block", () => {
    const section = clientSection(page, 9);
    expect(section.split('\n')[0]).toBe('```ts title="client.ts"');
    expect(section).toContain('`client line`');
    expect(section).toContain('`sub line`');
    expect(section).not.toContain('`later line`');
    expect(section).not.toContain('`server line`');
    expect(() => clientSection(page, 8)).toThrow(/no code fence/);
  });
  it("and the lead, without the front matter", () => {
    expect(lead(page)).toBe('The lead says `lead line`.\n');
  });
});

describe('page ports', () => {
  it('are swapped where the code uses them as ports, and nowhere else', () => {
    const swap = portSwapper(new Map([['3000', '30001'], ['3001', '41234']]));
    const code = [
      "createHTTPServer({ router }).listen(3000);",
      "httpBatchLink({ url: 'http://localhost:3000/trpc' });",
      "wsLink({ client: createWSClient({ url: 'ws://127.0.0.1:3001' }) });",
      'new WebSocketServer({ port: 3001 });',
      'setTimeout(done, 3000);',
      'const limit = 30001;',
    ].join('\n');
    expect(swap(code).split('\n')).toEqual([
      "createHTTPServer({ router }).listen(30001);",
      "httpBatchLink({ url: 'http://localhost:30001/trpc' });",
      "wsLink({ client: createWSClient({ url: 'ws://127.0.0.1:41234' }) });",
      'new WebSocketServer({ port: 41234 });',
      'setTimeout(done, 3000);',
      'const limit = 30001;',
    ]);
    // A free port that holds another page port (30001 holds 3000) is not swapped again.
    expect(swap('listen(3000); listen(3001)')).toBe('listen(30001); listen(41234)');
  });
});

describe('curl commands of a page', () => {
  it('pair each command with the # lines under it, or with the block after a block of one command', () => {
    const page = [
      '```bash',
      'curl http://localhost:3000/a',
      '# {"result":{"data":1}}',
      '',
      "curl -X POST http://localhost:3000/b \\",
      "  -d '{}'",
      '```',
      '',
      '```bash',
      'curl -i http://localhost:3000/c',
      '```',
      '',
      '```text',
      'HTTP/1.1 404 Not Found',
      '```',
      '',
      '```ts',
      "// curl http://localhost:3000/not-a-command",
      '```',
    ].join('\n');
    expect(curlCommands(page)).toEqual([
      { command: 'curl http://localhost:3000/a', answer: '{"result":{"data":1}}' },
      { command: "curl -X POST http://localhost:3000/b \\\n  -d '{}'", answer: null },
      { command: 'curl -i http://localhost:3000/c', answer: 'HTTP/1.1 404 Not Found' },
    ]);
  });
});

describe('examples print the whole output their pages show', () => {
  for (const example of WHOLE_OUTPUT) {
    it(title(example), { timeout: 60_000 }, () =>
      withPage(example, async (run) => {
        const shown = shownOutput(run.section, 0);
        expect(shown, 'the page shows what the client prints, in a text block after the command').toBeTruthy();
        // Ids the page cannot know in advance are shown as they come out of the page's own in-memory
        // data, so the whole output must match line for line.
        expect(await run.runClient()).toBe(run.swapPorts(shown));
      }));
  }
});

describe('streamed results arrive apart, and together without streaming', () => {
  for (const example of TIMED) {
    it(title(example), { timeout: 60_000 }, () =>
      withPage(example, async (run) => {
        const { minGap, unstreamed, maxUnstreamedGap } = example.timed;
        const shown = shownOutput(run.section, 0);
        expect(shown, 'the page shows what the client prints').toBeTruthy();
        const output = await run.runClient();
        const untimed = (text) => text.replace(/^\d+ ms /gm, 'N ms ');
        expect(untimed(output)).toBe(untimed(run.swapPorts(shown)));
        const [first, second] = lineTimes(output);
        expect(second - first, `the second line comes at least ${minGap} ms after the first`).toBeGreaterThanOrEqual(minGap);
        // The same client with the other link, as the page says, prints both lines together.
        run.write(run.clientFile, run.files.get(run.clientFile).replaceAll(...unstreamed));
        const [a, b] = lineTimes(await run.runClient());
        expect(b - a, 'without streaming both lines print together').toBeLessThan(maxUnstreamedGap);
        expect(a, 'without streaming the first line waits for the slow call').toBeGreaterThanOrEqual(minGap);
      }));
  }
});

describe('long-running clients print the line their pages name first', () => {
  for (const example of FIRST_LINE) {
    it(title(example), { timeout: 60_000 }, () =>
      withPage(example, async (run) => {
        let post = null;
        let expected;
        if (example.curl) {
          post = curlTrigger(run.section, 0);
          expect(post, 'the page posts with curl and names the line the client prints').toBeTruthy();
          post = { url: run.swapPorts(post.url), body: post.body, prints: post.prints };
          expected = post.prints;
        } else if (example.line) {
          expect(run.named, 'the page names the line the client prints, below the client or in its lead').toContain(`\`${example.line}\``);
          expected = example.line;
        } else {
          expected = namedLine(run.section, 0);
          expect(expected, 'the page names the line the client prints first').toBeTruthy();
        }
        // Posted until it prints, since a review posted before the subscription reached the server is
        // not sent to it.
        const lines = await untilPrinted(run.dir, run.clientFile, post, 20_000, example.env);
        expect(lines.stderr, 'the client writes nothing to stderr').toBe('');
        const first = lines.stdout.split('\n')[0];
        if (example.match) expect(first).toMatch(example.match);
        else expect(first).toBe(expected);
      }));
  }
});

describe('clients that exit print the line their pages name last', () => {
  for (const example of LAST_LINE) {
    it(title(example), { timeout: 60_000 }, () =>
      withPage(example, async (run) => {
        expect(run.named, 'the page names the line the client prints, below the client or in its lead').toContain(`\`${example.line}\``);
        const output = await run.runClient();
        expect(output.split('\n').at(-1)).toBe(example.line);
        const plain = output.split('\n').map((line) => stripVTControlCharacters(line).replace(/ +/g, ' ').trim());
        let from = 0;
        for (const start of example.before ?? []) {
          expect(run.named, 'the page names the line, below the client or in its lead').toContain(`\`${start}\``);
          const at = plain.findIndex((line, i) => i >= from && line.startsWith(start));
          expect(at, `a line after line ${from} starts with ${start}`).toBeGreaterThanOrEqual(0);
          from = at + 1;
        }
      }));
  }
});

describe('clients print what the comments after their console.log calls show', () => {
  for (const example of COMMENTED_OUTPUT) {
    it(title(example), { timeout: 60_000 }, () =>
      withPage(example, async (run) => {
        const shown = [...run.files.get(run.clientFile).matchAll(/console\.log\(.*\);\s*\/\/ (.+)$/gm)].map((m) => m[1].replace(/^'([^']*)'$/, '$1'));
        expect(shown.length, 'the client shows what it prints in comments').toBeGreaterThan(0);
        const printed = (await run.runClient()).split('\n');
        expect(printed.length, 'one line per commented call').toBe(shown.length);
        printed.forEach((line, i) => expect(shown[i] === line || shown[i].startsWith(`${line}: `), `${JSON.stringify(line)} is shown as // ${shown[i]}`).toBe(true));
      }));
  }
});

describe("test files pass with the report their pages name", () => {
  for (const example of TEST_REPORT) {
    it(title(example), { timeout: 60_000 }, () =>
      withPage(example, async (run) => {
        for (const line of example.reports) expect(run.named, 'the page names the line the run reports, below the test file or in its lead').toContain(`\`${line}\``);
        // A test runner's report also lists timings and the tests' names: the page names only these lines.
        const output = await run.runClient(example.nodeArgs);
        for (const line of example.reports) expect(output.split('\n')).toContain(line);
      }));
  }
});

describe('servers answer the curl commands of their pages as shown', () => {
  for (const example of CURL_ANSWERS) {
    it(`${example.page}: curl`, { timeout: 60_000 }, () =>
      withPage({ ...example, client: null }, async (run) => {
        const commands = curlCommands(run.source);
        expect(commands.length, 'the page has curl commands').toBeGreaterThan(0);
        for (const line of example.lines ?? []) expect(run.source, 'the page names the line curl prints').toContain(`\`${line}\``);
        for (const { command, answer } of commands) {
          expect(run.swapPorts(command), `${command}: calls the page's server, on its free port`).not.toBe(command);
          const curl = await runCurl(run.swapPorts(command));
          expect(curl.stderr, `${command}: curl writes nothing to stderr`).toBe('');
          expect(curl.code, command).toBe(0);
          const printed = curl.stdout.replace(/\r\n/g, '\n').trimEnd();
          if (answer === null) {
            expect(example.lines, `${command}: the page shows its answer or names its lines`).toBeTruthy();
            for (const line of example.lines) expect(printed.split('\n'), command).toContain(line);
          } else if (/\s-i\s/.test(command)) {
            // The status line, then the body after the headers; a note after the status line is left out.
            const [status, ...body] = answer.split('\n');
            expect(printed.split('\n')[0], command).toBe(status.replace(/\s{2,}\(.*\)$/, ''));
            expect(parsed(printed.slice(printed.indexOf('\n\n') + 2)), command).toEqual(parsed(body.join('\n')));
          } else {
            expect(parsed(printed), command).toEqual(parsed(answer));
          }
        }
      }));
  }
});
