/**
 * The HTTP part of the search bench: one replica (`cli.ts serve`, the rate limit off so that only
 * the per-request bounds protect readers) and load from separate processes on 127.0.0.1.
 *   - readers: N keep-alive connections sending the DocSearch modal's requests (bench/load.ts);
 *   - the same while an attacker (two more connections) sends issue 12's amplification requests in
 *     a loop: the 50 × 1000-hit batch, the same with 512-byte highlight tags, and the most expensive
 *     request still allowed (one query of 1000 hits, 1000-word snippets, 128-byte tags).
 * Each scenario runs --repeat times (plain and attacked alternating); the rows are medians.
 * Every run is bounded in time (--duration, at most 600 s) and in answers (load.ts --max-requests).
 * The last line is the verdict on issue 12's bar (PASS/FAIL).
 *
 * Run by bench/run.ts after the relevance and engine parts, or alone (HTTP only, a short run):
 *   node --import tsx bench/http.ts --index data/index.json [--connections 16,64] [--duration 5] [--repeat 5] [--reader-threads N] [--strict]
 */
import { spawn } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseFlags } from '../src/config.ts';
import { modalRequest, type BenchQuery } from './relevance.ts';

const PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const HTTP_BARS = { qps: 1000, p99: 25, attackedP99: 100 };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export function runProcess(args: string[], waitFor?: RegExp): { child: ReturnType<typeof spawn>; ready: Promise<string>; done: Promise<string> } {
  // The same runtime flags as the package's serve script.
  const child = spawn(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', ...args], { cwd: PACKAGE, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let resolveReady: (s: string) => void = () => {};
  const ready = new Promise<string>((resolve) => (resolveReady = resolve));
  child.stdout!.on('data', (d) => {
    out += d;
    if (waitFor?.test(out)) resolveReady(out);
  });
  child.stderr!.on('data', (d) => (err += d));
  const done = new Promise<string>((resolve, reject) =>
    child.on('close', (code) => (code === 0 || code === null ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}: ${err.trim()}`)))),
  );
  return { child, ready, done };
}

/**
 * CPU seconds a process has used (Linux /proc; 0 elsewhere). The machine is shared: a run where the
 * server got little CPU says more about the neighbours than about the server.
 */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export interface LoadResult {
  requests: number;
  seconds: number;
  qps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  statuses: Record<string, number>;
  /** Share of one core the server used during the run. */
  serverCpu?: number;
  /** Share of one core the load generator used (near 1: it, not the server, would be the limit). */
  cpu?: number;
}

/** issue 12's requests, and the most expensive one the limits still let through. */
export function attackBodies(indexName: string): string[] {
  const amplification = { indexName, query: 'e a o i', hitsPerPage: 1000, distinct: 0, attributesToSnippet: ['content:1000'], queryType: 'prefixAll' };
  const tag512 = `<${'x'.repeat(510)}>`;
  const tag128 = `<${'x'.repeat(126)}>`;
  return [
    JSON.stringify({ requests: Array.from({ length: 50 }, () => amplification) }),
    JSON.stringify({ requests: Array.from({ length: 50 }, () => ({ ...amplification, highlightPreTag: tag512, highlightPostTag: tag512 })) }),
    JSON.stringify({ requests: [{ ...amplification, query: 'e a', attributesToHighlight: ['*'], highlightPreTag: tag128, highlightPostTag: tag128 }] }),
  ];
}

export type Check = readonly [name: string, value: string, bar: string, ok: boolean];

const ms = (v: number) => v.toFixed(2);

export async function httpBench(opts: {
  indexFile: string;
  readerBodiesFile: string;
  tmpDir: string;
  indexName: string;
  connections: number[];
  duration: number;
  /** Runs per scenario; the rows show medians. */
  repeat: number;
  /** The replica's --reader-threads (its default when not given). */
  readerThreads?: number;
}): Promise<{ checks: Check[]; rows: string[]; verdict: string; passed: boolean }> {
  const port = await freePort();
  const attackFile = path.join(opts.tmpDir, 'attack.json');
  await fs.writeFile(attackFile, JSON.stringify(attackBodies(opts.indexName)));
  const server = runProcess(
    ['src/cli.ts', 'serve', '--index', opts.indexFile, '--port', String(port), '--quiet', '--rate-limit', '0', ...(opts.readerThreads === undefined ? [] : ['--reader-threads', String(opts.readerThreads)])],
    /Search service: /,
  );
  server.done.catch(() => {});
  await Promise.race([server.ready, server.done.then(() => Promise.reject(new Error('search server exited early')))]);
  const load = async (bodies: string, connections: number, duration: number) => {
    const cpu0 = cpuSeconds(server.child.pid);
    const p = runProcess(['bench/load.ts', '--port', String(port), '--bodies', bodies, '--connections', String(connections), '--duration', String(duration)]);
    const result = JSON.parse((await p.done).trim().split('\n').pop()!) as LoadResult;
    result.serverCpu = (cpuSeconds(server.child.pid) - cpu0) / result.seconds;
    return result;
  };
  const checks: Check[] = [];
  const rows: string[] = [];
  const misses: string[] = [];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  /** Medians over the runs; requests and errors are summed. */
  const combine = (runs: LoadResult[]): LoadResult => ({
    requests: runs.reduce((n, r) => n + r.requests, 0),
    seconds: runs.reduce((n, r) => n + r.seconds, 0),
    qps: median(runs.map((r) => r.qps)),
    p50: median(runs.map((r) => r.p50)),
    p90: median(runs.map((r) => r.p90)),
    p99: median(runs.map((r) => r.p99)),
    max: Math.max(...runs.map((r) => r.max)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    serverCpu: median(runs.map((r) => r.serverCpu ?? 0)),
    cpu: median(runs.map((r) => r.cpu ?? 0)),
    statuses: runs.reduce<Record<string, number>>((all, r) => {
      for (const [k, v] of Object.entries(r.statuses)) all[k] = (all[k] ?? 0) + v;
      return all;
    }, {}),
  });
  try {
    await load(opts.readerBodiesFile, 4, 2); // warm-up
    for (const c of opts.connections) {
      // Plain and attacked runs alternate, so that both see the same machine (it is shared).
      const plainRuns: LoadResult[] = [];
      const attackedRuns: LoadResult[] = [];
      const attackRuns: LoadResult[] = [];
      for (let r = 0; r < opts.repeat; r++) {
        plainRuns.push(await load(opts.readerBodiesFile, c, opts.duration));
        // The attacker starts first and runs a little longer than the readers.
        const attacker = load(attackFile, 2, opts.duration + 1);
        await new Promise((resolve) => setTimeout(resolve, 500));
        attackedRuns.push(await load(opts.readerBodiesFile, c, opts.duration));
        attackRuns.push(await attacker);
      }
      const plain = combine(plainRuns);
      const attacked = combine(attackedRuns);
      const attack = combine(attackRuns);
      const share = (v: number | undefined) => `${((v ?? 0) * 100).toFixed(0)} %`;
      const row = (name: string, r: LoadResult, extra = '') =>
        `  ${name.padEnd(30)} ${r.qps.toFixed(0).padStart(7)} ${ms(r.p50).padStart(8)} ${ms(r.p99).padStart(8)} ${ms(r.max).padStart(8)} ${String(r.errors).padStart(7)} ${share(r.serverCpu).padStart(10)} ${share(r.cpu).padStart(9)}  ${extra}`;
      rows.push(row(`${c} connections`, plain));
      rows.push(row(`${c} connections + attacker`, attacked, `attacker: ${attack.requests} requests ${JSON.stringify(attack.statuses)}, p50 ${ms(attack.p50)} ms`));
      checks.push([`HTTP ${c} connections: throughput`, `${plain.qps.toFixed(0)} req/s`, `>= ${HTTP_BARS.qps}`, plain.qps >= HTTP_BARS.qps]);
      checks.push([`HTTP ${c} connections: p50 / p99`, `${ms(plain.p50)} / ${ms(plain.p99)} ms`, c <= 16 ? `p99 < ${HTTP_BARS.p99} ms` : '(info)', c > 16 || plain.p99 < HTTP_BARS.p99]);
      checks.push([`HTTP ${c} connections: requests / errors`, `${plain.requests} / ${plain.errors}`, 'no errors', plain.errors === 0]);
      checks.push([`  under attack: throughput`, `${attacked.qps.toFixed(0)} req/s`, '(info)', true]);
      checks.push([`  under attack: readers p50 / p99`, `${ms(attacked.p50)} / ${ms(attacked.p99)} ms`, `p99 < ${HTTP_BARS.attackedP99} ms`, attacked.p99 < HTTP_BARS.attackedP99]);
      checks.push([`  under attack: readers failed`, `${attacked.errors} of ${attacked.requests}`, 'none', attacked.errors === 0]);
      if (!(attacked.p99 < HTTP_BARS.attackedP99)) misses.push(`${c} connections: readers' p99 ${ms(attacked.p99)} ms`);
      if (attacked.errors > 0) misses.push(`${c} connections: ${attacked.errors} failed reader requests`);
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.done.catch(() => {});
  }
  const bar = `readers' p99 under attack < ${HTTP_BARS.attackedP99} ms with 0 failed reader requests, at ${opts.connections.join(' and ')} connections`;
  const passed = misses.length === 0;
  return { checks, rows, passed, verdict: `HTTP bar (issue 12): ${bar}: ${passed ? 'PASS' : `FAIL (${misses.join('; ')})`}` };
}

export const HTTP_HEADER = `  ${'scenario'.padEnd(30)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'errors'.padStart(7)} ${'server CPU'.padStart(10)} ${'load CPU'.padStart(9)}`;

/** The HTTP part alone, on an index file: the modal's requests for every query of the bench's sets. */
async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const opt = (name: string) => (typeof flags.get(name) === 'string' ? (flags.get(name) as string) : undefined);
  const indexFile = path.resolve(opt('index') ?? path.join(PACKAGE, 'data', 'index.json'));
  const duration = Number(opt('duration') ?? 5);
  const repeat = Number(opt('repeat') ?? 5);
  const connections = (opt('connections') ?? '16,64').split(',').map(Number);
  if (!(Number.isInteger(repeat) && repeat >= 1 && repeat <= 20)) throw new Error('--repeat must be an integer from 1 to 20');
  if (connections.some((c) => !Number.isInteger(c) || c < 1 || c > 512)) throw new Error('--connections must be a list of integers from 1 to 512');
  if (!(duration > 0 && duration <= 600)) throw new Error('--duration must be from 1 to 600 seconds');
  await fs.access(indexFile).catch(() => {
    throw new Error(`Index file ${indexFile} not found: build the site (npm run build) or pass --index FILE`);
  });
  const sets = ['queries.json', 'real-questions.json'].map((f) => path.join(PACKAGE, 'bench', f));
  const queries = (await Promise.all(sets.map(async (f) => (JSON.parse(await fs.readFile(f, 'utf8')) as { queries: BenchQuery[] }).queries))).flat();
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'search-http-bench-'));
  try {
    const readerBodiesFile = path.join(tmpDir, 'bodies.json');
    await fs.writeFile(readerBodiesFile, JSON.stringify(queries.map((q) => JSON.stringify({ requests: [modalRequest(q, 'trpc-docs')] }))));
    const load0 = os.loadavg()[0]!;
    const readerThreads = opt('reader-threads') === undefined ? undefined : Number(opt('reader-threads'));
    const http = await httpBench({ indexFile, readerBodiesFile, tmpDir, indexName: 'trpc-docs', connections, duration, repeat, readerThreads });
    console.log(`HTTP, one replica (rate limit off), readers sending the modal's requests (${queries.length} queries); medians of ${repeat} runs of ${duration} s:`);
    console.log(HTTP_HEADER);
    for (const row of http.rows) console.log(row);
    console.log('');
    for (const [name, value, bar, ok] of http.checks) console.log(`  ${name.padEnd(36)} ${value.padEnd(22)} ${bar.padEnd(22)} ${bar ? (ok ? 'ok' : 'MISSED') : ''}`);
    console.log(`  (load average ${load0.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after, on ${os.cpus().length} CPUs)`);
    console.log(http.verdict);
    if (!http.passed && flags.has('strict')) process.exitCode = 1;
  } finally {
    await fs.rm(tmpDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
