#!/usr/bin/env node
// Compares the two ways of computing the types of code samples on the same pages (ARCHITECTURE.md,
// "Types in code samples"): the TypeScript language service over the sample checker's projects (what the
// site uses, scripts/samples/types.mjs) and the `twoslash` library, which is not a dependency of the
// project: pass the folder of an installed copy.
//
//   node scripts/bench-types.mjs [--twoslash /path/to/node_modules/twoslash] [page.md ...]
//
// Prints CPU seconds (user + system of this process) and the bytes of quick info each approach yields
// per page: every hover as it comes, and the distinct strings the site ships (one table per page).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { blocksByVersion, extractBlocks, layoutPage, projectFolder, resolveFrom } from './samples/extract.mjs';
import { analyzeFile, compilerOptions, createService } from './samples/types.mjs';
import { pageReader } from './samples/sources.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const site = path.join(root, 'site');
const require = createRequire(import.meta.url);
const ts = require('typescript');
const VERSION_DIRS = { v11: '.', v10: 'examples/v10', v9: 'examples/v9' };
const DEFAULT_PAGES = [
  'docs/quickstart.md',
  'docs/server/routers.md',
  'docs/server/procedures.md',
  'docs/server/validators.md',
  'docs/server/middlewares.md',
  'docs/server/context.md',
  'docs/server/error-handling.md',
  'docs/server/server-side-calls.md',
  'docs/client/vanilla/infer-types.md',
  'versioned_docs/version-10.x/server/context.md',
];

// Node's own parser: an unknown flag or a --twoslash without its folder is an error, not a page.
const { values: flags, positionals } = parseArgs({ options: { twoslash: { type: 'string' } }, allowPositionals: true });
const twoslashDir = flags.twoslash ?? process.env.TWOSLASH_PATH;
const pages = positionals.map((p) => path.relative(site, path.resolve(site, p.replace(/^site\//, ''))));
const list = pages.length ? pages : DEFAULT_PAGES;

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Every page's projects: per version, the virtual files and each visible block's file. */
function projects() {
  const out = [];
  const read = pageReader(site);
  for (const rel of list) {
    const source = fs.readFileSync(path.join(site, rel), 'utf8');
    for (const [v, blocks] of blocksByVersion(resolveFrom(extractBlocks(source), rel, read).blocks, rel)) {
      const layout = layoutPage(blocks);
      const dir = path.join(root, VERSION_DIRS[v], '.generated', 'bench', projectFolder(rel));
      const files = layout.files.map((f) => ({ ...f, fileName: path.join(dir, f.path) }));
      out.push({ rel, v, dir, files, blocks });
    }
  }
  return out;
}

function report(name, seconds, perPage) {
  let all = 0;
  let distinct = 0;
  for (const [, texts] of perPage) {
    all += texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
    distinct += Buffer.byteLength(JSON.stringify([...new Set(texts)]));
  }
  console.log(`${name.padEnd(18)} ${seconds.toFixed(1).padStart(6)} s CPU  ${String(all).padStart(8)} B of quick info, ${String(distinct).padStart(7)} B distinct per page (JSON)`);
}

const work = projects();
console.log(`${list.length} pages, ${work.reduce((n, p) => n + p.blocks.filter((b) => !b.meta.hidden).length, 0)} visible TypeScript blocks`);

// The language service over the checker's projects: one service per version, every page in it.
{
  const start = cpu();
  const perPage = new Map();
  const byVersion = new Map();
  for (const p of work) {
    if (!byVersion.has(p.v)) byVersion.set(p.v, new Map());
    p.files.forEach((f) => byVersion.get(p.v).set(f.fileName, `${f.code}\n`));
  }
  const services = new Map([...byVersion].map(([v, files]) => [v, createService(ts, files, root)]));
  for (const p of work) {
    const texts = perPage.get(p.rel) ?? [];
    perPage.set(p.rel, texts);
    const done = new Set();
    for (const f of p.files) {
      const block = p.blocks.find((b) => b.line === f.line);
      if (done.has(f.line) || !block || block.meta.hidden || block.meta.nocheck) continue;
      done.add(f.line);
      const r = analyzeFile(ts, services.get(p.v), f.fileName, { identifiers: true });
      texts.push(...r.identifiers.map((i) => i.text));
    }
  }
  report('language service', cpu() - start, perPage);
}

// twoslash: one call per visible block, the page's files before it as `// @filename:` sections.
if (twoslashDir) {
  const { createTwoslasher } = await import(pathToFileURL(path.join(path.resolve(twoslashDir), 'dist', 'index.mjs')).href);
  const start = cpu();
  const perPage = new Map();
  const twoslashers = new Map();
  for (const p of work) {
    const texts = perPage.get(p.rel) ?? [];
    perPage.set(p.rel, texts);
    if (!twoslashers.has(p.v)) {
      const { lib, types, ...options } = compilerOptions(ts);
      twoslashers.set(p.v, createTwoslasher({ tsModule: ts, vfsRoot: path.join(root, VERSION_DIRS[p.v]), compilerOptions: { ...options, lib: ['es2022', 'dom', 'dom.iterable', 'esnext'], types } }));
    }
    const twoslasher = twoslashers.get(p.v);
    const done = new Set();
    p.files.forEach((f, i) => {
      const block = p.blocks.find((b) => b.line === f.line);
      if (done.has(f.line) || !block || block.meta.hidden || block.meta.nocheck) return;
      done.add(f.line);
      // The other files of the block's snapshot first, the block itself last.
      const snapshot = path.dirname(f.path) === '.' ? '' : f.path.split('/')[0];
      const others = p.files.filter((o, j) => j !== i && (snapshot ? o.path.startsWith(`${snapshot}/`) : !/^s\d+\//.test(o.path)));
      const strip = (file) => (snapshot ? file.path.slice(snapshot.length + 1) : file.path);
      const code = [...others.map((o) => `// @filename: ${strip(o)}\n${o.code}`), `// @filename: ${strip(f)}\n${f.code}`].join('\n');
      try {
        const result = twoslasher(code, f.path.endsWith('x') ? 'tsx' : 'ts', { handbookOptions: { noErrorValidation: true } });
        const own = result.hovers.filter((h) => h.line >= code.split('\n').length - f.code.split('\n').length - 1);
        texts.push(...own.map((h) => h.text));
      } catch (error) {
        console.error(`twoslash failed on ${p.rel}:${f.line}: ${String(error.message).split('\n')[0]}`);
      }
    });
  }
  report('twoslash', cpu() - start, perPage);
} else {
  console.log('twoslash: not measured (pass --twoslash <folder of an installed twoslash package>)');
}
