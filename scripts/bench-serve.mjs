#!/usr/bin/env node
// `npm run bench:serve`: what serving the site's hashed JavaScript costs, for a browser that accepts
// brotli. Two servers over the same build, each in its own process, loaded from this process over
// keep-alive connections:
//   per-request  the previous server's approach: serve-handler + the `compression` middleware, which
//                compresses main.js again on every request
//   pre-built    our server (scripts/lib/static-server.mjs): sends main.js.br written at build time
// Prints requests per second, median and p99 latency, and bytes per response: the median of --runs.
//
//   node scripts/bench-serve.mjs [--root site/build] [--connections 16] [--seconds 8] [--runs 3] [--path /assets/js/main.….js]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const root = path.resolve(arg('root', path.join(repo, 'site', 'build')));

// --- server side (a child process) -----------------------------------------------------------
if (arg('serve')) {
  const variant = arg('serve');
  let server;
  if (variant === 'per-request') {
    const { default: compression } = await import('compression');
    const { default: handler } = await import('serve-handler');
    const compress = compression();
    server = http.createServer((req, res) =>
      compress(req, res, () => {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        handler(req, res, { public: root, cleanUrls: true, directoryListing: false });
      }),
    );
    server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  } else {
    const { createSiteServer } = await import('./lib/static-server.mjs');
    const app = createSiteServer({ root });
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.send({ port: app.server.address().port });
  }
  process.on('disconnect', () => process.exit(0));
} else {
  await main();
}

// --- load side ---------------------------------------------------------------------------------
async function startServer(variant) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', variant, '--root', root], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${variant} server exited with ${code}`)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

function load({ port, urlPath, connections, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let bytes = 0;
  let errors = 0;
  let encoding = null;
  const until = Date.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        encoding = res.headers['content-encoding'] ?? 'identity';
        let size = 0;
        res.on('data', (d) => (size += d.length));
        res.on('end', () => {
          if (res.statusCode !== 200) errors += 1;
          bytes = size;
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const worker = async () => {
    while (Date.now() < until) await one();
  };
  return Promise.all(Array.from({ length: connections }, worker)).then(() => {
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), bytes, errors, encoding };
  });
}

function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

async function main() {
  const connections = Number(arg('connections', '16'));
  const seconds = Number(arg('seconds', '8'));
  const runs = Number(arg('runs', '3'));
  const main = fs.readdirSync(path.join(root, 'assets', 'js')).find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
  const urlPath = arg('path', main ? `/assets/js/main.${main.split('.')[1]}.js` : null);
  if (!urlPath) throw new Error(`No main.<hash>.js in ${root}/assets/js: run "npm run build" first.`);
  if (!fs.existsSync(path.join(root, `${urlPath}.br`))) console.warn(`Note: ${urlPath}.br is missing (built without scripts/build.mjs?): pre-built will send it uncompressed.`);
  console.log(`GET ${urlPath} (accept-encoding: br, gzip), ${connections} connections, ${seconds} s × ${runs} runs per server\n`);
  const results = {};
  for (let run = 0; run < runs; run += 1) {
    for (const variant of ['per-request', 'pre-built']) {
      const server = await startServer(variant);
      await load({ port: server.port, urlPath, connections, seconds: 1 }); // warm-up
      (results[variant] ??= []).push(await load({ port: server.port, urlPath, connections, seconds }));
      server.stop();
    }
  }
  console.log('server        req/s    p50 ms   p99 ms   bytes/response  encoding  errors');
  for (const [variant, list] of Object.entries(results)) {
    const m = (key) => median(list.map((r) => r[key]));
    console.log(
      `${variant.padEnd(12)} ${m('rps').toFixed(0).padStart(6)} ${m('p50').toFixed(1).padStart(9)} ${m('p99').toFixed(1).padStart(8)} ` +
        `${String(list[0].bytes).padStart(15)}  ${list[0].encoding.padEnd(8)}  ${list.reduce((n, r) => n + r.errors, 0)}`,
    );
  }
}
