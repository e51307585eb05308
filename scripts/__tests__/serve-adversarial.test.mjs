// The site server under attack: the real server (scripts/serve.mjs) in its own process on a small
// build, with low limits, so a request that crashed it, a client that holds it, or a flood of
// connections shows here as a dead process or a stalled reader.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIG_ASSET, BIG_BYTES, fixtureBuild } from './helpers/fixture-build.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LIMITS = {
  SITE_MAX_CONNECTIONS: '20',
  SITE_HEADERS_TIMEOUT_MS: '1000',
  SITE_REQUEST_TIMEOUT_MS: '2000',
  SITE_KEEP_ALIVE_TIMEOUT_MS: '1000',
  SITE_IDLE_TIMEOUT_MS: '1500',
  SITE_MAX_PIPELINED: '8',
  SITE_MAX_CONNECTIONS_PER_ADDRESS: '10',
};
/** Node checks header/request timeouts every quarter of the header timeout; allow that and CI noise. */
const SLACK_MS = 1500;

let root = '';
let child;
let port = 0;
let base = '';

beforeAll(async () => {
  root = await fixtureBuild({ big: true });
  child = spawn(process.execPath, [path.join(repo, 'scripts', 'serve.mjs'), '--port', '0', '--root', root], {
    env: { ...process.env, ...LIMITS },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (d) => (output += d));
  port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      output += d;
      const m = output.match(/:(\d+)\//);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}: ${output}`)));
  });
  base = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(() => {
  child?.kill('SIGTERM');
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** Sends bytes exactly as given (no client normalisation) and collects the answer until close or timeout. */
function raw(bytes, { timeoutMs = 5000 } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(data);
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (d) => {
      data += d.toString('latin1');
      // One response is enough: stop at the end of its headers plus a short body.
      if (/\r\n\r\n/.test(data) && (/^HTTP\/1\.1 (204|301|304)/.test(data) || /content-length: (\d+)/i.test(data))) {
        const len = Number(data.match(/content-length: (\d+)/i)?.[1] ?? 0);
        if (data.length - data.indexOf('\r\n\r\n') - 4 >= len) done();
      }
    });
    socket.on('error', done);
    socket.on('close', done);
  });
}
const status = (response) => Number(response.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);
const header = (response, name) => response.match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1]?.trim() ?? null;

async function readerServed(timeoutMs = 5000) {
  const res = await fetch(`${base}/docs/quickstart`, { signal: AbortSignal.timeout(timeoutMs) });
  return res.status === 200 && (await res.text()).includes('quickstart');
}
const alive = () => child.exitCode === null && child.signalCode === null;

describe('every request of issue 12 gets a 4xx or a bounded answer, and the server lives', () => {
  const targets = [
    // Crashed the old server (Location header with a control character or a char above U+00FF).
    '/%E2%9C%93.html', '/%00.html', '/%0A.html', '/%C4%80.html', '/%7F.html', '/%01/index.html',
    '/%0D%0ASet-Cookie:x=1.html', '/%F0%9F%92%A5/index.html',
    // Open redirects.
    '/%2Fevil.example/x.html', '/%5Cevil.example/x.html', '/%09/evil.example/x.html', '//evil.example/x.html',
    '/%2Fevil.example/index.html', '/%5C%5Cevil.example/index.html', '///evil.example/x/index.html', '/\\evil.example/x.html',
    // NUL, long segments, traversal, private files, malformed encoding.
    '/docs/%00', '/a%00b/c', `/${'a'.repeat(251)}`, `/${'a'.repeat(251)}.html`, `/docs/${'%C4%80'.repeat(200)}`,
    '/assets/..%2Fdocs', '/assets/%2E%2E/%2E%2E/etc/passwd', '/../../etc/passwd', '/.source-hash', '/_headers',
    '/%E0%A4%A', '/%', '/docs/quickstart.html?%0d%0a=%00', '/?' + 'q'.repeat(6000),
  ];

  const label = (t) => (t.length > 70 ? `${t.slice(0, 50)}… (${t.length} chars)` : t);
  it.each(targets.map((t) => [label(t), t]))('GET %s', async (_, target) => {
    const response = await raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    const code = status(response);
    expect(code, response.slice(0, 300)).toBeGreaterThanOrEqual(200);
    expect(code, response.slice(0, 300)).toBeLessThan(500);
    const location = header(response, 'location');
    if (location !== null) expect(location, target).toMatch(/^\/(?![/\\\t])/);
    expect(header(response, 'cache-control') ?? '', target).not.toContain('immutable');
    expect(alive()).toBe(true);
    expect(await readerServed()).toBe(true);
  });

  it('answers other methods with 405 and no page, and malformed requests with no 5xx', async () => {
    for (const method of ['POST', 'DELETE', 'PUT', 'PATCH', 'TRACE', 'OPTIONS']) {
      const response = await raw(`${method} / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc`);
      expect(status(response), method).toBe(405);
      expect(header(response, 'allow')).toBe('GET, HEAD');
    }
    for (const bad of ['GET /\r\nHost: x\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n', 'BREW / HTTP/1.1\r\n\r\n', 'GET http://evil.example/ HTTP/1.1\r\nHost: x\r\n\r\n']) {
      const code = status(await raw(bad));
      // Refused (4xx or closed) or, for the lenient HTTP/0.9-style line, answered: never a 5xx.
      expect(code < 500, JSON.stringify(bad)).toBe(true);
    }
    expect(alive()).toBe(true);
    expect(await readerServed()).toBe(true);
  });

  it('answers what Node refuses before Fastify (malformed, oversized headers) in plain text with the security headers', async () => {
    const cases = [
      ['GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n', 400, 'Bad request: malformed HTTP.'],
      [`GET / HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'Request headers too large.'],
    ];
    for (const [bytes, code, text] of cases) {
      const response = await raw(bytes);
      expect(status(response), text).toBe(code);
      expect(header(response, 'content-type')).toBe('text/plain; charset=utf-8');
      expect(header(response, 'content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(header(response, 'x-content-type-options')).toBe('nosniff');
      expect(header(response, 'x-frame-options')).toBe('DENY');
      expect(header(response, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.endsWith(`\r\n\r\n${text}\n`)).toBe(true);
    }
    expect(alive()).toBe(true);
  });

  it('answers valid requests pipelined before a malformed one, then the 400', async () => {
    // Read everything until the server closes (raw() stops after the first answer).
    const all = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let data = '';
      const timer = setTimeout(() => socket.destroy(), 5000);
      socket.on('connect', () => socket.write('GET /docs/quickstart HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\nGARBAGE / NOPE\r\n\r\n'));
      socket.on('data', (d) => (data += d.toString('latin1')));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(data);
      });
    });
    // Before: Fastify's handler wrote its 400 over the answers in flight and closed: only ['400'].
    expect([...all.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1])).toEqual(['200', '200', '400']);
    expect(all).toContain('quickstart');
    expect(all.endsWith('Bad request: malformed HTTP.\n')).toBe(true);
    expect(alive()).toBe(true);
  });

  it('answers a range beyond the file with a short 416, not the file', async () => {
    const response = await raw(`GET /docs/quickstart HTTP/1.1\r\nHost: x\r\nRange: bytes=999999999-\r\nConnection: close\r\n\r\n`);
    expect(status(response)).toBe(416);
    expect(response.length).toBeLessThan(3000);
  });

  it('keeps a valid pipelined request’s answer when a malformed one follows', async () => {
    const response = await raw('GET /docs/quickstart HTTP/1.1\r\nHost: x\r\n\r\nGET /%00.html HTTP/1.1\r\nHost: x\r\n\r\n', { timeoutMs: 2000 });
    expect(status(response)).toBe(200);
    expect(response).toContain('quickstart');
  });

  it('survives 10,000 random request targets', async () => {
    const alphabet = ['%00', '%2F', '%5C', '%2E', '.', '/', 'index.html', '.html', '%E2%9C%93', '%C4', '%', 'a', '?', '#', '%0A', '%FF', '~', '..', 'docs', 'assets'];
    let seed = 12;
    const rand = (n) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const agent = new (await import('node:http')).Agent({ keepAlive: true, maxSockets: 8 });
    const http = await import('node:http');
    const one = (target) =>
      new Promise((resolve) => {
        const req = http.request({ host: '127.0.0.1', port, path: target, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ code: res.statusCode, location: res.headers.location }));
        });
        req.on('error', (e) => resolve({ code: 0, error: e.message }));
        req.end();
      });
    const results = [];
    for (let batch = 0; batch < 1250; batch += 1) {
      const targets = Array.from({ length: 8 }, () => '/' + Array.from({ length: 1 + rand(6) }, () => alphabet[rand(alphabet.length)]).join(''));
      results.push(...(await Promise.all(targets.map(one))));
    }
    agent.destroy();
    const serverErrors = results.filter((r) => r.code >= 500 || r.code === 0);
    expect(serverErrors.slice(0, 5)).toEqual([]);
    expect(results.filter((r) => r.location && !/^\/(?![/\\])/.test(r.location))).toEqual([]);
    expect(results).toHaveLength(10_000);
    expect(alive()).toBe(true);
  }, 120_000);
});

describe('clients that hold connections are cut within the configured timeouts', () => {
  it('cuts a client that sends its headers a byte at a time (slowloris)', async () => {
    const started = Date.now();
    const closedAfter = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const bytes = 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(100);
      let i = 0;
      const drip = setInterval(() => {
        if (!socket.destroyed) socket.write(bytes[i++ % bytes.length]);
      }, 100);
      socket.on('close', () => {
        clearInterval(drip);
        resolve(Date.now() - started);
      });
      socket.on('error', () => {});
    });
    expect(closedAfter).toBeLessThan(Number(LIMITS.SITE_HEADERS_TIMEOUT_MS) + SLACK_MS);
    expect(await readerServed()).toBe(true);
  });

  it('cuts a client that sends its body too slowly', async () => {
    const started = Date.now();
    const closedAfter = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('connect', () => socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n'));
      const drip = setInterval(() => !socket.destroyed && socket.write('a'), 100);
      socket.on('data', () => {});
      socket.on('close', () => {
        clearInterval(drip);
        resolve(Date.now() - started);
      });
      socket.on('error', () => {});
    });
    expect(closedAfter).toBeLessThan(Number(LIMITS.SITE_REQUEST_TIMEOUT_MS) + SLACK_MS);
    expect(await readerServed()).toBe(true);
  });

  it('cuts a client that never reads a large response, long before it is sent', async () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((r) => socket.on('connect', r));
    socket.pause(); // never read: the server's writes stall once the socket buffers are full
    socket.write(`GET ${BIG_ASSET} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n`);
    await new Promise((r) => setTimeout(r, Number(LIMITS.SITE_IDLE_TIMEOUT_MS) + SLACK_MS));
    expect(await readerServed()).toBe(true);
    // Now read what was buffered: the server must have closed the connection, far short of the file.
    let received = 0;
    const closed = new Promise((r) => socket.on('close', r));
    socket.on('data', (d) => (received += d.length));
    socket.resume();
    await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('connection still open')), 5000))]);
    expect(received).toBeLessThan(BIG_BYTES / 2);
    expect(alive()).toBe(true);
  }, 20_000);

  it('holds no more connections than the cap, drops idle ones, then serves readers again', async () => {
    const fds = () => fs.readdirSync(`/proc/${child.pid}/fd`).length;
    const before = fds();
    const sockets = [];
    let closed = 0;
    for (let i = 0; i < 200; i += 1) {
      const socket = net.connect(port, '127.0.0.1');
      socket.resume(); // read, so the server's close is seen
      socket.on('error', () => {});
      socket.on('close', () => (closed += 1));
      sockets.push(socket);
    }
    await new Promise((r) => setTimeout(r, 400));
    // The server's file descriptors stay bounded by the cap, whatever the number of clients.
    expect(fds() - before).toBeLessThanOrEqual(Number(LIMITS.SITE_MAX_CONNECTIONS));
    expect(closed).toBeGreaterThanOrEqual(200 - Number(LIMITS.SITE_MAX_CONNECTIONS) - 20);
    // The idle ones that got in are cut at the header timeout; then readers are served again.
    await expect.poll(() => closed, { timeout: Number(LIMITS.SITE_HEADERS_TIMEOUT_MS) + 3 * SLACK_MS, interval: 100 }).toBe(200);
    expect(await readerServed()).toBe(true);
    expect(alive()).toBe(true);
  }, 20_000);

  it('holds no file open for pipelined requests a client never reads, during the attack or after', async () => {
    const fds = () => fs.readdirSync(`/proc/${child.pid}/fd`).length;
    const before = fds();
    // Several connections, each pipelining many requests for a large file and reading nothing.
    const sockets = [];
    for (let i = 0; i < 5; i += 1) {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.pause();
      socket.on('connect', () => socket.write(`GET ${BIG_ASSET} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n`.repeat(200)));
      sockets.push(socket);
    }
    await new Promise((r) => setTimeout(r, 500));
    // One answer per connection is being sent; the rest wait without a file, or the connection is cut.
    expect(fds() - before).toBeLessThanOrEqual(2 * sockets.length + 2);
    for (const socket of sockets) socket.destroy();
    await expect.poll(() => fds() - before, { timeout: 3000, interval: 100 }).toBeLessThanOrEqual(1);
    expect(await readerServed()).toBe(true);
    expect(alive()).toBe(true);
  }, 20_000);

  it('answers pipelined requests in order when the client reads them', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('connect', () => socket.write('GET /docs/quickstart HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(3) + 'GET /no/such HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    await new Promise((r) => socket.on('close', r));
    // A body does not end with a newline: the next status line follows it on the same line.
    const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d{3}) [A-Z]/g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([200, 200, 200, 404]);
  });

  it('lets one address hold only its share of the connections, so another is still served', async () => {
    const sockets = [];
    let closed = 0;
    for (let i = 0; i < 30; i += 1) {
      const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
      socket.resume();
      socket.on('error', () => {});
      socket.on('close', () => (closed += 1));
      sockets.push(socket);
    }
    // Past its ten, the address's connections are closed at once, long before any timeout.
    await expect.poll(() => closed, { timeout: 800, interval: 50 }).toBeGreaterThanOrEqual(20);
    // A reader from another address gets the page while the ten are held.
    const other = await new Promise((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
      let data = '';
      socket.on('data', (d) => (data += d));
      socket.on('connect', () => socket.write('GET /docs/quickstart HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      socket.on('close', () => resolve(data));
      socket.on('error', () => resolve(data));
    });
    expect(other).toMatch(/^HTTP\/1\.1 200/);
    for (const socket of sockets) socket.destroy();
    expect(alive()).toBe(true);
  }, 20_000);

  it('when clients at their per-address cap hold every slot, a new address is still served', async () => {
    await new Promise((r) => setTimeout(r, 300)); // the last test's sockets finish closing
    // Two addresses, ten connections each (their cap): the server's 20 slots are all held, and none
    // of them sends a byte. They would be cut by the header timeout only after a second.
    const held = [];
    for (const address of ['127.0.4.1', '127.0.4.2']) {
      for (let i = 0; i < 10; i += 1) {
        const socket = net.connect({ port, host: '127.0.0.1', localAddress: address });
        socket.on('error', () => {});
        const entry = { address, closed: false };
        socket.on('close', () => (entry.closed = true));
        await new Promise((r) => socket.once('connect', r));
        held.push({ socket, entry });
      }
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(held.filter((h) => h.entry.closed)).toHaveLength(0);
    const started = Date.now();
    const reader = await new Promise((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.4.3' });
      let data = '';
      socket.on('data', (d) => (data += d));
      socket.on('connect', () => socket.write('GET /docs/quickstart HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      socket.on('close', () => resolve(data));
      socket.on('error', () => resolve(data));
    });
    // Served at once, well before any held connection timed out, by closing one held connection.
    expect(reader).toMatch(/^HTTP\/1\.1 200/);
    expect(Date.now() - started).toBeLessThan(800);
    expect(held.filter((h) => h.entry.closed).length).toBeGreaterThanOrEqual(1);
    for (const { socket } of held) socket.destroy();
    expect(alive()).toBe(true);
  }, 20_000);

  it('cuts a connection whose one write pipelines thousands of requests before the framework handles them', async () => {
    // Each connection writes about 2,400 tiny requests at once. Counted in a framework hook, every one
    // of them went through the framework first: the event loop was held for seconds.
    const flood = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(2400);
    const answers = [];
    const closed = [];
    // 16 connections: under the test server's cap of 20, with room for the reader.
    for (let i = 0; i < 16; i += 1) {
      const socket = net.connect({ port, host: '127.0.0.1', localAddress: `127.0.3.${i + 1}` });
      socket.on('error', () => {});
      let data = '';
      socket.on('data', (d) => (data += d.toString('latin1')));
      closed.push(new Promise((r) => socket.on('close', () => r(answers.push((data.match(/HTTP\/1\.1 \d{3} [A-Z]/g) ?? []).length)))));
      await new Promise((r) => socket.on('connect', () => socket.write(flood, r)));
    }
    // A reader right behind the floods is served (how fast depends on the machine: about 1.2–1.8 s
    // here with the limit in the raw handler, 2.3–3 s with the hook alone; see pipeliningLimit's
    // unit test for the exact behaviour; over 5 s once, with a production build running beside it).
    expect(await readerServed(15_000)).toBe(true);
    await Promise.all(closed);
    // Cut after the few answers it may have pending, not after answering all 2,400.
    expect(Math.max(...answers)).toBeLessThan(100);
    expect(alive()).toBe(true);
  }, 30_000);
});
