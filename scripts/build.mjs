#!/usr/bin/env node
// `npm run build`: the production build of the site (with the generated API reference), its `.br` and
// `.gz` copies for the server to send as they are, then the search index read from that build. Writes
// site/build/.source-hash last, so a build that failed halfway is never taken for a fresh one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './lib/precompress.mjs';
import { sourceHash } from './lib/source-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'site', 'build', '.source-hash');

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\nbuild failed: npm ${args.join(' ')} exited with ${result.status}`);
    process.exit(result.status ?? 1);
  }
}

const hash = sourceHash(root);
fs.rmSync(stamp, { force: true });
run(['run', 'build', '-w', 'site']);
const started = Date.now();
const packed = await precompress(path.join(root, 'site', 'build'));
console.log(
  `Pre-compressed ${packed.files} files (${(packed.raw / 1e6).toFixed(1)} MB, brotli ${(packed.br / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
run(['run', 'index', '-w', 'search']);
fs.writeFileSync(stamp, hash + '\n');
