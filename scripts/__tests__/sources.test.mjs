import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isGeneratedDoc, isSampleSource, pageReader, sampleFiles } from '../samples/sources.mjs';

describe('isGeneratedDoc', () => {
  it('is true for the API reference folder and everything under it', () => {
    expect(isGeneratedDoc('docs/typedoc')).toBe(true);
    expect(isGeneratedDoc(path.join('docs', 'typedoc', 'server', 'index.md'))).toBe(true);
  });
  it('is false for hand-written pages, including names that only start alike', () => {
    expect(isGeneratedDoc('docs/quickstart.md')).toBe(false);
    expect(isGeneratedDoc('docs/typedoc-guide.md')).toBe(false);
    expect(isGeneratedDoc('versioned_docs/version-10.x/typedoc/x.md')).toBe(false);
  });
});

describe('sampleFiles', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samples-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const touch = (rel) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), '# x\n');
  };
  for (const f of [
    'docs/a.md',
    'docs/sub/b.mdx',
    'docs/typedoc/server/index.md',
    'docs/typedoc-guide.md',
    'docs/node_modules/pkg/readme.md',
    'docs/notes.txt',
    'versioned_docs/version-9.x/c.md',
    'blog/2024-01-01-post.md',
    'src/pages/page.md',
  ]) {
    touch(f);
  }

  it('walks docs, versioned docs and the blog, leaving out the API reference, dependencies and other files', () => {
    const rel = sampleFiles(dir).map((f) => path.relative(dir, f).split(path.sep).join('/')).sort();
    expect(rel).toEqual(['blog/2024-01-01-post.md', 'docs/a.md', 'docs/sub/b.mdx', 'docs/typedoc-guide.md', 'versioned_docs/version-9.x/c.md']);
  });

  it('agrees with isSampleSource on every file of the tree', () => {
    const walked = new Set(sampleFiles(dir).map((f) => path.relative(dir, f)));
    const all = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    for (const e of all) {
      const rel = path.relative(dir, path.join(e.parentPath ?? e.path, e.name));
      expect(isSampleSource(rel), rel).toBe(walked.has(rel));
    }
  });

  it('returns nothing for a site without those folders', () => {
    expect(sampleFiles(path.join(dir, 'missing'))).toEqual([]);
  });
});

describe('pageReader (pages a from= block may name)', () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'page-reader-'));
  afterAll(() => fs.rmSync(site, { recursive: true, force: true }));
  fs.mkdirSync(path.join(site, 'docs', 'typedoc'), { recursive: true });
  fs.writeFileSync(path.join(site, 'docs', 'quickstart.md'), '# Quickstart\n');
  fs.writeFileSync(path.join(site, 'docs', 'typedoc', 'index.md'), '# API\n');
  fs.writeFileSync(path.join(site, 'README.md'), '# Readme\n');

  it('reads a docs page by its path relative to the site, once', () => {
    const read = pageReader(site);
    expect(read('docs/quickstart.md')).toBe('# Quickstart\n');
    fs.writeFileSync(path.join(site, 'docs', 'quickstart.md'), '# Changed\n');
    expect(read('docs/quickstart.md')).toBe('# Quickstart\n');
    expect(pageReader(site)('docs/quickstart.md')).toBe('# Changed\n');
  });

  it('reads nothing outside the sample folders, in the generated reference, or missing', () => {
    const read = pageReader(site);
    expect(read('README.md')).toBeUndefined();
    expect(read('docs/typedoc/index.md')).toBeUndefined();
    expect(read('docs/nope.md')).toBeUndefined();
  });
});
