#!/usr/bin/env node
// Type-checks every ```ts / ```tsx block in the docs, the blog and the landing-intro pages against the
// tRPC version of its docs: 11.x against the root packages, 10.x against examples/v10, 9.x against
// examples/v9. Usage: node scripts/check-samples.mjs [--quiet] [--site <dir>] [file-or-folder ...]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { blocksByVersion, extractBlocks, extractConfigBlocks, layoutPage, projectFolder, resolveFrom } from './samples/extract.mjs';
import { analyzeFile, createService, tsconfigProblems } from './samples/types.mjs';
import { pageReader, sampleFiles, VERSION_DIRS } from './samples/sources.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const ts = require('typescript');

const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
// --site <dir>: another site folder (the checker's own tests use a small one).
const siteAt = args.indexOf('--site');
const site = siteAt === -1 ? path.join(root, 'site') : path.resolve(args[siteAt + 1] ?? '');
if (siteAt !== -1 && !fs.existsSync(path.join(site, 'docs'))) {
  console.error(`check-samples: --site needs a folder with a docs/ folder in it (got ${args[siteAt + 1] ?? 'nothing'})`);
  process.exit(2);
}
const targets = args.filter((a, i) => !a.startsWith('--') && (siteAt === -1 || i !== siteAt + 1)).map((a) => path.resolve(a));
const files = sampleFiles(site).filter(
  (f) => targets.length === 0 || targets.some((t) => f === t || f.startsWith(t + path.sep)),
);

/** @type {Record<string, { files: Map<string, { source: string, line: number, via?: string, code: string }>, checked: number }>} */
const perVersion = { v11: { files: new Map(), checked: 0 }, v10: { files: new Map(), checked: 0 }, v9: { files: new Map(), checked: 0 } };
const problems = [];
const exempt = [];
let total = 0;
let configs = 0;

// Virtual paths: the files live in memory, beside the version's packages so module resolution finds them.
const pageRoot = (v) => path.join(root, VERSION_DIRS[v], '.generated', 'samples');

const read = pageReader(site);
for (const file of files) {
  const rel = path.relative(site, file).split(path.sep).join('/');
  // Through the same reader as the pages that blocks name, so each file is read once.
  const source = read(rel) ?? fs.readFileSync(file, 'utf8');
  // Blocks marked from="<page>" take (or must equal) that page's file of the same title.
  const { blocks, problems: fromProblems } = resolveFrom(extractBlocks(source), rel, read);
  fromProblems.forEach((p) => problems.push(`${rel}:${p.line}: ${p.message}`));
  total += blocks.length;
  // tsconfig.json blocks: the options must be ones tsc accepts together.
  for (const b of extractConfigBlocks(source)) {
    configs += 1;
    if (typeof b.meta.nocheck === 'string') continue;
    for (const p of tsconfigProblems(ts, b.code)) problems.push(`${rel}:${b.line + p.line}: tsconfig: ${p.message}`);
  }
  // Blocks of one page can target different versions (blog posts); lay each version out apart.
  for (const [v, vBlocks] of blocksByVersion(blocks, rel)) {
    const layout = layoutPage(vBlocks);
    layout.problems.forEach((p) => problems.push(`${rel}:${p.line}: ${p.message}`));
    layout.exempt.forEach((e) => exempt.push(`${rel}:${e.line}: ${e.reason}`));
    const pageDir = path.join(pageRoot(v), projectFolder(rel));
    const seen = new Set();
    for (const vf of layout.files) {
      const out = path.join(pageDir, vf.path);
      // A file taken from another page reports its errors there, naming the page that uses it.
      const origin = vf.from ? { source: vf.from.page, line: vf.from.line, via: rel } : { source: rel, line: vf.line };
      perVersion[v].files.set(out, { ...origin, code: vf.code + '\n' });
      const key = `${rel}:${vf.line}`;
      if (!seen.has(key)) {
        seen.add(key);
        perVersion[v].checked += 1;
      }
    }
  }
}

const errorKeys = new Set();
const report = (key, message) => {
  if (errorKeys.has(key)) return;
  errorKeys.add(key);
  problems.push(message);
};
for (const [v, { files: vFiles }] of Object.entries(perVersion)) {
  if (vFiles.size === 0) continue;
  const ls = createService(ts, new Map([...vFiles].map(([f, o]) => [f, o.code])), root);
  const program = ls.getProgram();
  for (const d of [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]) {
    problems.push(`[${v}] ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  }
  for (const [fileName, origin] of vFiles) {
    // A block carried into a later snapshot is compiled again there; its errors are reported once.
    const at = (line, column) =>
      `${origin.source}:${origin.line + line}${column === undefined ? '' : `:${column + 1}`}${origin.via ? ` (in ${origin.via}'s project)` : ''}`;
    const result = analyzeFile(ts, ls, fileName, { diagnostics: true });
    for (const d of result.unexpected) {
      report(`${at(d.line, d.column)} TS${d.code}: ${d.message}`, `${at(d.line, d.column)} [${v}] TS${d.code}: ${d.message}`);
    }
    for (const p of result.problems) report(`${at(p.line)}: ${p.message}`, `${at(p.line)} [${v}]: ${p.message}`);
    for (const c of result.missing) {
      report(`${at(0)} missing ${c}`, `${at(0)} [${v}]: // @errors: expects TS${c}, but the block compiles without it`);
    }
  }
}

const checked = Object.values(perVersion).reduce((n, v) => n + v.checked, 0);
if (!quiet) {
  for (const [v, { checked: n }] of Object.entries(perVersion)) console.log(`${v}: ${n} blocks compiled`);
  if (exempt.length) console.log(`exempt (${exempt.length}):\n  ${exempt.join('\n  ')}`);
}
console.log(
  `code samples: ${checked} of ${total} TypeScript blocks checked, ${exempt.length} exempt, ${configs} tsconfig blocks, ${problems.length} problems`,
);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
