/**
 * HTTP load generator for the bench, run as its own process so that it does not share an event
 * loop with the server: N keep-alive connections on 127.0.0.1, each sending the next request as
 * soon as the previous answer has fully arrived, for a fixed time. Requests are prebuilt bytes and
 * answers are read by Content-Length on raw sockets, so the client spends little CPU of the two
 * cores the server also needs. Prints one JSON line with the results. The same program is the
 * attacker of the bench (bodies of expensive requests, a connection or two).
 *   tsx bench/load.ts --port 7799 --bodies bodies.json [--connections 16] [--duration 10] [--max-requests N]
 * Loopback only; a run stops at the duration or after --max-requests answers (default 1,000,000).
 * LOAD_DEBUG=1 prints each socket error to stderr.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseFlags } from '../src/config.ts';

const flags = parseFlags(process.argv.slice(2));
const num = (name: string, fallback: number) => {
  const v = flags.get(name);
  const n = typeof v === 'string' ? Number(v) : fallback;
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};
const port = num('port', 7700);
const connections = num('connections', 16);
const durationMs = Math.min(num('duration', 10), 600) * 1000;
const maxRequests = num('max-requests', 1_000_000);
const path = String(flags.get('path') ?? '/1/indexes/*/queries?x-algolia-application-id=TRPCLOCAL&x-algolia-api-key=trpc-public-search-key');
const bodies = JSON.parse(readFileSync(String(flags.get('bodies')), 'utf8')) as string[];
if (!Array.isArray(bodies) || bodies.length === 0) throw new Error('--bodies must name a JSON array of request bodies');

const requests = bodies.map((body) =>
  Buffer.from(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  ),
);

const latencies: number[] = [];
const statuses = new Map<string, number>();
let next = 0;
const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);

/** One connection: request, wait for the whole answer, repeat until `until`. */
function connection(until: number): Promise<void> {
  return new Promise((resolve) => {
    let socket: net.Socket;
    // The head is gathered until it is complete; after it, bytes of the body are only counted
    // (answers can be megabytes: no concatenation).
    let head: Buffer = Buffer.alloc(0);
    let received = 0;
    let sentAt = 0;
    let expected = -1;
    let status = 0;
    let finished = false;

    const finish = () => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve();
    };
    const send = () => {
      if (performance.now() >= until || latencies.length >= maxRequests) return finish();
      head = Buffer.alloc(0);
      received = 0;
      expected = -1;
      sentAt = performance.now();
      socket.write(requests[next++ % requests.length]!);
    };
    const open = () => {
      socket = net.connect(port, '127.0.0.1', send);
      socket.setNoDelay(true);
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (expected < 0) {
          head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
          const end = head.indexOf('\r\n\r\n');
          if (end < 0) return;
          const text = head.subarray(0, end).toString('latin1');
          status = Number(text.slice(9, 12));
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
          expected = end + 4 + (length ? Number(length[1]) : 0);
        }
        if (received < expected) return;
        latencies.push(performance.now() - sentAt);
        count(String(status));
        send();
      });
      let dead = false;
      const broken = (why: string) => {
        if (finished || dead) return;
        dead = true;
        latencies.push(performance.now() - sentAt);
        count(why);
        socket.destroy();
        if (performance.now() < until) open();
        else finish();
      };
      socket.on('error', (err: NodeJS.ErrnoException) => {
        if (process.env.LOAD_DEBUG) process.stderr.write(`socket error ${err.code ?? err.message}\n`);
        broken('network error');
      });
      // The server closed the connection (after an answer with Connection: close, or cut it).
      socket.on('end', () => broken('closed'));
    };
    open();
  });
}

const started = performance.now();
const cpu0 = process.cpuUsage();
await Promise.all(Array.from({ length: connections }, () => connection(started + durationMs)));
const elapsed = performance.now() - started;
const cpu = process.cpuUsage(cpu0);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
const ok = statuses.get('200') ?? 0;
process.stdout.write(
  JSON.stringify({
    requests: latencies.length,
    seconds: elapsed / 1000,
    qps: latencies.length / (elapsed / 1000),
    p50: pct(0.5),
    p90: pct(0.9),
    p99: pct(0.99),
    max: latencies[latencies.length - 1] ?? 0,
    errors: latencies.length - ok,
    statuses: Object.fromEntries(statuses),
    // Share of one core this load generator used: near 1 would make it the bottleneck.
    cpu: (cpu.user + cpu.system) / 1000 / elapsed,
  }) + '\n',
);
