// Every code sample also compiles with TypeScript 7, the native compiler. `npm install typescript`
// without a version gives a reader 7.x today, while the checker (check:samples) and the types step
// run on the TypeScript 5.9 language service; this test writes every page project of the three
// versions to disk, laid out exactly as the checker lays it out, and compiles each version with
// TypeScript 7's own `tsc` (the `examples/ts7` workspace) under the checker's compiler options. A
// block's `// @errors:` codes must occur there too, and nothing else may.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { blocksByVersion, extractBlocks, layoutPage, projectFolder, resolveFrom } from '../samples/extract.mjs';
import { pageReader, sampleFiles, VERSION_DIRS } from '../samples/sources.mjs';
import { compilerOptions, parseMarkers } from '../samples/types.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const site = path.join(root, 'site');
const require = createRequire(import.meta.url);
const ts5 = require('typescript');
const tsc7 = path.join(root, 'examples', 'ts7', 'node_modules', 'typescript', 'bin', 'tsc');

/** The checker's compiler options (types.mjs `compilerOptions`) as a tsconfig.json says them. */
const TSCONFIG_OPTIONS = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: 'es2022',
  module: 'esnext',
  moduleResolution: 'bundler',
  moduleDetection: 'force',
  jsx: 'react-jsx',
  esModuleInterop: true,
  allowSyntheticDefaultImports: true,
  resolveJsonModule: true,
  isolatedModules: true,
  lib: ['es2022', 'dom', 'dom.iterable', 'esnext'],
  types: ['node'],
};

const folders = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Writes one version's page projects under `dir` (a folder per page, as the checker names them) and
 * returns, per written file, its page, the block's first line on that page and the codes it expects.
 */
function writeVersion(version, dir) {
  const read = pageReader(site);
  /** @type {Map<string, { page: string, line: number, expected: number[] }>} */
  const written = new Map();
  for (const file of sampleFiles(site)) {
    const rel = path.relative(site, file).split(path.sep).join('/');
    const { blocks } = resolveFrom(extractBlocks(read(rel) ?? fs.readFileSync(file, 'utf8')), rel, read);
    const own = blocksByVersion(blocks, rel).get(version);
    if (!own) continue;
    const pageDir = projectFolder(rel);
    for (const f of layoutPage(own).files) {
      const out = path.join(dir, pageDir, f.path);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, `${f.code}\n`);
      written.set(path.relative(dir, out).split(path.sep).join('/'), { page: f.from?.page ?? rel, line: f.from?.line ?? f.line, expected: parseMarkers(f.code).expected });
    }
  }
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: TSCONFIG_OPTIONS, include: ['**/*.ts', '**/*.tsx'] }, null, 2));
  return written;
}

/** `file(line,col): error TS1234: message` lines of `tsc --pretty false`, by file. */
function diagnostics(output) {
  /** @type {Map<string, { line: number, code: number, message: string }[]>} */
  const byFile = new Map();
  for (const m of output.matchAll(/^(.+?)\((\d+),\d+\): error TS(\d+): (.*)$/gm)) {
    const file = m[1].split(path.sep).join('/');
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push({ line: Number(m[2]), code: Number(m[3]), message: m[4] });
  }
  return byFile;
}

describe('code samples compile with TypeScript 7', () => {
  it("uses the checker's compiler options", () => {
    const { options, errors } = ts5.convertCompilerOptionsFromJson(TSCONFIG_OPTIONS, root);
    expect(errors).toEqual([]);
    expect(options).toEqual(compilerOptions(ts5));
  });

  it('has TypeScript 7 installed in its own workspace', () => {
    const run = spawnSync(process.execPath, [tsc7, '--version'], { encoding: 'utf8' });
    expect(run.stdout.trim()).toMatch(/^Version 7\./);
  });

  it('reads an error line of its output and maps it to its file', () => {
    const found = diagnostics("docs/a/client/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\nsomething else\n");
    expect([...found]).toEqual([['docs/a/client/x.ts', [{ line: 3, code: 2322, message: "Type 'string' is not assignable to type 'number'." }]]]);
  });

  for (const version of Object.keys(VERSION_DIRS)) {
    it(`${version}: every page project, with only the errors its blocks expect`, { timeout: 120_000 }, () => {
      const dir = path.join(root, VERSION_DIRS[version], '.generated', `ts7-${process.pid}`);
      folders.push(dir);
      fs.rmSync(dir, { recursive: true, force: true });
      const written = writeVersion(version, dir);
      expect(written.size, 'the version has sample files').toBeGreaterThan(50);
      const run = spawnSync(process.execPath, [tsc7, '-p', dir, '--pretty', 'false'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      expect(run.error).toBeUndefined();
      const found = diagnostics(run.stdout);
      const problems = [];
      for (const [file, list] of found) {
        const origin = written.get(file);
        if (!origin) {
          problems.push(`${file}: ${list.map((d) => `TS${d.code} ${d.message}`).join('; ')} (not a sample file)`);
          continue;
        }
        for (const d of list) {
          if (!origin.expected.includes(d.code)) problems.push(`site/${origin.page}:${origin.line + d.line - 1} (${file}): TS${d.code}: ${d.message}`);
        }
      }
      for (const [file, origin] of written) {
        for (const code of origin.expected) {
          if (!(found.get(file) ?? []).some((d) => d.code === code)) problems.push(`site/${origin.page}:${origin.line}: expects TS${code}, which TypeScript 7 does not report`);
        }
      }
      expect(problems).toEqual([]);
      // Anything on stdout that is not a diagnostic of a written file would be a configuration error.
      if (run.status !== 0) expect(found.size, run.stdout.slice(0, 2000)).toBeGreaterThan(0);
    });
  }
});
