import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, IndexFileError, loadIndexFile, pathnameForFile, readingOrder, validateRecord, writeIndexAtomic } from '../src/indexFile.ts';
import { parseSearchParams } from '../src/params.ts';
import { engineFor, FIXTURE_BUILD, rec, SITE } from './helpers.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'search-index-test-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('buildIndex', () => {
  it('indexes every kind of page of a build and skips the rest', async () => {
    const summary = await buildIndex(FIXTURE_BUILD, SITE);
    expect(summary.byKind).toEqual({ docs: 1, 'versioned-docs': 1, typedoc: 1, blog: 1, page: 2 });
    expect(summary.skipped.map((s) => s.pathname).sort()).toEqual(['/404', '/blog/tags/announcements', '/search']);
    expect(summary.index.format).toBe('trpc-search-index');
    expect(summary.index.pages).toBe(6);
    const ids = summary.index.records.map((r) => r.objectID);
    expect(new Set(ids).size).toBe(ids.length);
    summary.index.records.forEach((r, i) => expect(validateRecord(r, i)).toBeNull());
  });

  it('uses the given site URL for every record', async () => {
    const summary = await buildIndex(FIXTURE_BUILD, 'https://trpc.example');
    expect(summary.index.records.every((r) => r.url.startsWith('https://trpc.example/'))).toBe(true);
  });

  it('explains a missing or empty build folder', async () => {
    await expect(buildIndex(path.join(dir, 'nope'), SITE)).rejects.toThrow(/does not exist/);
    await fs.mkdir(path.join(dir, 'empty'));
    await expect(buildIndex(path.join(dir, 'empty'), SITE)).rejects.toThrow(/No \.html files/);
  });

  it('maps build files to URL paths', () => {
    expect(pathnameForFile('/b', '/b/index.html')).toBe('/');
    expect(pathnameForFile('/b', '/b/docs/server/routers/index.html')).toBe('/docs/server/routers');
    expect(pathnameForFile('/b', '/b/404.html')).toBe('/404');
  });
});

describe('writeIndexAtomic and loadIndexFile', () => {
  it('round-trips an index and leaves no temporary file', async () => {
    const summary = await buildIndex(FIXTURE_BUILD, SITE);
    const file = path.join(dir, 'out', 'index.json');
    await writeIndexAtomic(file, summary.index);
    expect(await fs.readdir(path.dirname(file))).toEqual(['index.json']);
    const loaded = await loadIndexFile(file);
    expect(loaded.records).toEqual(summary.index.records);
  });

  it('replaces an existing index in one step (readers see the old or the new file, never half)', async () => {
    const file = path.join(dir, 'swap.json');
    const base = (n: number) => ({ format: 'trpc-search-index' as const, formatVersion: 1 as const, createdAt: 'x', siteUrl: SITE, pages: n, records: [] });
    await writeIndexAtomic(file, base(1));
    await Promise.all([writeIndexAtomic(file, base(2)), loadIndexFile(file), writeIndexAtomic(file, base(3)), loadIndexFile(file)]);
    expect([2, 3]).toContain((await loadIndexFile(file)).pages);
  });

  it.each([
    ['missing', null, /not found/],
    ['not JSON', '{"format": "trpc-search', /not JSON/],
    ['another JSON', '{"hello": 1}', /not a search index/],
    ['future format', '{"format":"trpc-search-index","formatVersion":2,"records":[]}', /format version 2/],
    ['no records', '{"format":"trpc-search-index","formatVersion":1}', /no records array/],
    ['relative url', JSON.stringify({ format: 'trpc-search-index', formatVersion: 1, records: [{ ...rec({}), url: '/docs/x' }] }), /absolute url/],
    ['duplicate ids', JSON.stringify({ format: 'trpc-search-index', formatVersion: 1, records: [rec({}), { ...rec({}), objectID: '1' }].map((r) => ({ ...r, objectID: '1' })) }), /duplicate objectID/],
    ['null lvl1', JSON.stringify({ format: 'trpc-search-index', formatVersion: 1, records: [{ ...rec({}), hierarchy: { lvl0: 'a', lvl1: null } }] }), /lvl0\/lvl1/],
    ['non-string vocabulary', JSON.stringify({ format: 'trpc-search-index', formatVersion: 1, records: [{ ...rec({}), vocabulary: ['cors'] }] }), /bad vocabulary/],
  ])('rejects a %s index file with a clear IndexFileError', async (name, content, message) => {
    const file = path.join(dir, `bad-${name.replace(/\s/g, '-')}.json`);
    if (content !== null) await fs.writeFile(file, content);
    const attempt = loadIndexFile(file);
    await expect(attempt).rejects.toBeInstanceOf(IndexFileError);
    await expect(loadIndexFile(file)).rejects.toThrow(message);
  });
});

describe('readingOrder', () => {
  it('follows the Next links from the page nothing points to, then places pages in no chain', () => {
    const order = readingOrder([
      { pathname: '/docs/server/merging-routers', next: '/docs/server/context' },
      { pathname: '/docs/server/routers', next: '/docs/server/procedures' },
      { pathname: '/docs/server/procedures', next: '/docs/server/merging-routers' },
      { pathname: '/docs/server/context' },
      { pathname: '/blog/post' },
      { pathname: '/docs/a', next: '/docs/b' },
      { pathname: '/docs/b', next: '/docs/a' }, // a cycle: in file order, after the chains
    ]);
    expect([...order.entries()].sort((a, b) => a[1] - b[1]).map(([p]) => p)).toEqual([
      '/docs/server/routers', '/docs/server/procedures', '/docs/server/merging-routers', '/docs/server/context',
      '/blog/post', '/docs/a', '/docs/b',
    ]);
  });

  it('puts the earlier page of the docs first when everything else ties', async () => {
    const page = (title: string, next?: string) => `<html><head><meta name="docsearch:docusaurus_tag" content="docs-default-current"></head><body>
      <div class="theme-doc-sidebar-container"></div><article><h1>${title}</h1><p>About routers.</p></article>
      ${next ? `<nav class="pagination-nav"><a class="pagination-nav__link pagination-nav__link--next" href="${next}">Next</a></nav>` : ''}</body></html>`;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'order-'));
    try {
      // Files are read in name order: "merging" comes before "routers", the reading order is the other way.
      await fs.mkdir(path.join(dir, 'docs/server/merging-routers'), { recursive: true });
      await fs.mkdir(path.join(dir, 'docs/server/routers'), { recursive: true });
      await fs.writeFile(path.join(dir, 'docs/server/merging-routers/index.html'), page('Merging routers'));
      await fs.writeFile(path.join(dir, 'docs/server/routers/index.html'), page('Define routers', '/docs/server/merging-routers'));
      const { index } = await buildIndex(dir, 'http://localhost:3000');
      const res = engineFor(index.records).search(parseSearchParams({ query: 'router' }));
      expect(res.hits.map((h) => new URL(String(h.url)).pathname)[0]).toBe('/docs/server/routers');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('page_type in an index file', () => {
  it('accepts the known page types and records without one, and names a bad one', () => {
    expect(validateRecord({ ...rec({ page: '/docs/x' }), page_type: 'migration' }, 0)).toBeNull();
    expect(validateRecord(rec({ page: '/docs/x' }), 0)).toBeNull();
    expect(validateRecord({ ...rec({ page: '/docs/x' }), page_type: 'changelog' }, 3)).toMatch(/record 3 .* bad page_type/);
  });
});
