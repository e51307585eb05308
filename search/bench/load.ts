/**
 * HTTP load generator for the bench, run as its own process so that it does not share an event
 * loop with the server: N keep-alive connections on 127.0.0.1, each sending the next request body
 * as soon as the previous answer arrives, for a fixed time. Prints one JSON line with the results.
 *   tsx bench/load.ts --port 7799 --bodies bodies.json [--connections 16] [--duration 10]
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
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
const durationMs = num('duration', 10) * 1000;
const path = String(flags.get('path') ?? '/1/indexes/*/queries?x-algolia-application-id=TRPCLOCAL&x-algolia-api-key=trpc-public-search-key');
const bodies = JSON.parse(readFileSync(String(flags.get('bodies')), 'utf8')) as string[];
if (!Array.isArray(bodies) || bodies.length === 0) throw new Error('--bodies must name a JSON array of request bodies');

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies: number[] = [];
const statuses = new Map<string, number>();
let next = 0;

function send(body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path, agent, headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(-1));
      },
    );
    req.on('error', () => resolve(-1));
    req.end(body);
  });
}

async function worker(until: number): Promise<void> {
  while (performance.now() < until) {
    const body = bodies[next++ % bodies.length]!;
    const t0 = performance.now();
    const status = await send(body);
    latencies.push(performance.now() - t0);
    const key = status === -1 ? 'network error' : String(status);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: connections }, () => worker(started + durationMs)));
const elapsed = performance.now() - started;
agent.destroy();
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
  }) + '\n',
);
