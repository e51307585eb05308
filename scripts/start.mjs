#!/usr/bin/env node
// `npm start`: rebuilds the site and the search index when their sources changed, then serves the
// production build (port 3000, or PORT) and two search replicas (7700 and 7701, or SEARCH_PORTS).
// Ctrl+C stops all three.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceHash } from './lib/source-hash.mjs';
import { createStaticServer } from './lib/static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(root, 'site', 'build');
const stamp = path.join(buildDir, '.source-hash');
const indexFile = path.join(root, 'search', 'data', 'index.json');

function parsePort(name, value) {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${name} must be a port number from 1 to 65535, got "${value}"`);
    process.exit(2);
  }
  return port;
}

const sitePort = parsePort('PORT', process.env.PORT ?? '3000');
const searchPorts = (process.env.SEARCH_PORTS ?? '7700,7701').split(',').map((p) => parsePort('SEARCH_PORTS', p.trim()));

const fresh = fs.existsSync(stamp) && fs.existsSync(indexFile) && fs.readFileSync(stamp, 'utf8').trim() === sourceHash(root);
if (fresh) {
  console.log('The build is up to date with the sources.');
} else {
  console.log('Sources changed since the last build (or there is none): building the site and the search index.');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const children = [];
for (const port of searchPorts) {
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=32', '--import', 'tsx', path.join(root, 'search', 'src', 'cli.ts'), 'serve', '--port', String(port), '--index', indexFile],
    { cwd: root, stdio: 'inherit' },
  );
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`search replica on :${port} stopped (${signal ?? code})`);
  });
  children.push(child);
}

const server = createStaticServer({ root: buildDir });
server.listen(sitePort, '127.0.0.1', () => {
  console.log(`\n  site:    http://localhost:${sitePort}/`);
  console.log(`  search:  ${searchPorts.map((p) => `http://127.0.0.1:${p}`).join(', ')}`);
  console.log('  Ctrl+C stops everything.\n');
});
server.on('error', (error) => {
  console.error(`Cannot serve the site on port ${sitePort}: ${error.message}`);
  stop(1);
});

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  children.forEach((child) => child.kill('SIGTERM'));
  server.close(() => process.exit(code));
  setTimeout(() => process.exit(code), 3000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
