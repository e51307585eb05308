import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeNames, extractPage, MAX_RECORDS_PER_PAGE, PAGE_RANK_BASE, pageRank, pageType, TYPEDOC_LVL0, type PageResult } from '../src/records.ts';
import type { DocSearchRecord } from '../src/types.ts';
import { FIXTURE_BUILD, SITE } from './helpers.ts';

async function page(rel: string, pathname: string): Promise<PageResult> {
  const html = await fs.readFile(path.join(FIXTURE_BUILD, rel), 'utf8');
  return extractPage({ html, pathname, siteUrl: SITE });
}

async function records(rel: string, pathname: string): Promise<DocSearchRecord[]> {
  const result = await page(rel, pathname);
  if (result.skipped) throw new Error(`unexpectedly skipped: ${result.reason}`);
  return result.records;
}

const contents = (rs: DocSearchRecord[]) => rs.filter((r) => r.type === 'content').map((r) => r.content);

describe('a current docs page with nested headings', () => {
  it('reads lvl0 from the active sidebar category and lvl1..lvl4 from the headings', async () => {
    const rs = await records('docs/server/routers/index.html', '/docs/server/routers');
    expect(rs.map((r) => r.type)).toEqual([
      'lvl1', 'content', 'lvl2', 'content', 'lvl3', 'content', 'content', 'content', 'content', 'content',
      'lvl4', 'content', 'content', 'content', 'content',
    ]);
    const lvl4 = rs.find((r) => r.type === 'lvl4')!;
    expect(lvl4.hierarchy).toEqual({
      lvl0: 'Backend Usage',
      lvl1: 'Define Routers',
      lvl2: 'Defining a router',
      lvl3: 'Input types',
      lvl4: 'Options table',
      lvl5: null,
      lvl6: null,
    });
  });

  it('gives navigation boilerplate ("Next steps", "Related pages", "See also") no records', async () => {
    // The fixture ends with a "Next steps" h2 and its link list; the links' own pages carry them.
    const rs = await records('docs/server/routers/index.html', '/docs/server/routers');
    expect(rs.some((r) => r.hierarchy.lvl2 === 'Next steps')).toBe(false);
    expect(rs.some((r) => r.content?.includes('Read about merging routers'))).toBe(false);
    const html = `<html><head><meta name="docsearch:docusaurus_tag" content="docs-default-current"></head><body>
      <div class="theme-doc-sidebar-container"></div><article><h1>Context</h1><p>The context holds the session.</p>
      <h2 id="related">Related pages</h2><ul><li><a href="/docs/server/routers">Routers</a></li></ul>
      <h3 id="more">More</h3><p>Still part of the link section.</p>
      <h2 id="pitfalls">Pitfalls</h2><p>Create it per request.</p>
      <h2 id="see-also">See also</h2><ul><li><a href="/docs/server/middlewares">Middlewares</a>, to extend the context</li></ul>
      </article></body></html>`;
    const page = extractPage({ html, pathname: '/docs/server/context', siteUrl: SITE });
    if (page.skipped) throw new Error(page.reason);
    expect(page.records.map((r) => r.hierarchy.lvl2 ?? r.hierarchy.lvl1)).toEqual(['Context', 'Context', 'Pitfalls', 'Pitfalls']);
    expect(page.records.map((r) => r.content)).not.toContain('Routers');
  });

  it('builds absolute URLs with the anchor of the closest heading', async () => {
    const rs = await records('docs/server/routers/index.html', '/docs/server/routers');
    expect(rs[0]).toMatchObject({ url: `${SITE}/docs/server/routers`, anchor: null, url_without_anchor: `${SITE}/docs/server/routers` });
    const table = rs.find((r) => r.content === 'Whether the code runs on the server')!;
    expect(table.url).toBe(`${SITE}/docs/server/routers#options-table`);
    expect(table.anchor).toBe('options-table');
    expect(rs.every((r, i) => r.objectID === `${i}-${SITE}/docs/server/routers` && r.weight.position === i)).toBe(true);
  });

  it('copies the docsearch meta tags and sets weights', async () => {
    const rs = await records('docs/server/routers/index.html', '/docs/server/routers');
    expect(rs[0]).toMatchObject({ language: 'en', lang: 'en', version: ['current'], docusaurus_tag: 'docs-default-current' });
    expect(rs[0]!.weight).toEqual({ pageRank: PAGE_RANK_BASE.docs + 2, level: 90, position: 0 });
    expect(rs.find((r) => r.type === 'lvl2')!.weight.level).toBe(80);
    expect(rs.find((r) => r.type === 'content')!.weight.level).toBe(0);
  });

  it('decodes entities and keeps code inside text, but not code blocks, tabs, nav or footer', async () => {
    const rs = await records('docs/server/routers/index.html', '/docs/server/routers');
    const text = contents(rs);
    expect(text).toContain('The input of a procedure may be a Record<string, T>; say "hello" and it\'s typed.');
    expect(text).toContain('Each key of the object you pass becomes a path: the bookshop router below answers book.byId & book.list.');
    const all = JSON.stringify(rs);
    expect(all).not.toContain('zanzibar'); // inside <pre>
    expect(all).not.toContain('Edit this page');
    expect(all).not.toContain('footer list item');
    expect(all).not.toContain('Previous'); // pagination
    expect(all).not.toContain('Version: 11.x');
    expect(all).not.toContain('\u200b');
    expect(text).not.toContain('npm'); // tab label
    expect(text).toContain('Install with yarn.'); // hidden tab panels are still content
  });

  it("keeps the API names of a section's code blocks as its heading record's keywords, not as content", async () => {
    const rs = await records('docs/server/routers/index.html', '/docs/server/routers');
    const section = rs.find((r) => r.hierarchy.lvl2 === 'Defining a router' && r.type === 'lvl2')!;
    expect(section.keywords).toBe('initTRPC secretCodeWord');
    expect(rs.filter((r) => r.type !== 'lvl1' && r.keywords !== undefined)).toHaveLength(1);
    expect(contents(rs).join(' ')).not.toContain('secretCodeWord');
  });

  it('indexes list items once, nested lists and loose items as their own records', async () => {
    const text = contents(await records('docs/server/routers/index.html', '/docs/server/routers'));
    expect(text).toContain('Use z.object() for objects');
    expect(text.filter((t) => t?.includes('Nested lists are indexed once'))).toEqual(['Nested lists are indexed once']);
    expect(text.filter((t) => t?.includes('A loose list item paragraph'))).toHaveLength(1);
  });

  it('takes only the last cell of a table row as content', async () => {
    const text = contents(await records('docs/server/routers/index.html', '/docs/server/routers'));
    expect(text).toContain('Serializes dates and maps over the wire');
    expect(text).not.toContain('DataTransformer');
    expect(text).not.toContain('Option'); // header cells
  });
});

describe('a versioned docs page', () => {
  it('carries the version facets and the deepest active sidebar category', async () => {
    const rs = await records('docs/v10/client/links/httpBatchLink/index.html', '/docs/v10/client/links/httpBatchLink');
    expect(rs[0]).toMatchObject({
      hierarchy: { lvl0: 'Links', lvl1: 'HTTP Batch Link' },
      version: ['10.x'],
      docusaurus_tag: 'docs-default-10.x',
      url: `${SITE}/docs/v10/client/links/httpBatchLink`,
    });
    expect(rs[0]!.weight.pageRank).toBe(PAGE_RANK_BASE['versioned-docs'] + 1);
    expect(rs.find((r) => r.type === 'lvl3')!.url).toBe(`${SITE}/docs/v10/client/links/httpBatchLink#maxurllength`);
  });
});

describe('a blog post', () => {
  it('is indexed under "Blog" without its tags footer or sidebar', async () => {
    const result = await page('blog/introducing-trpc/index.html', '/blog/introducing-trpc');
    expect(result.skipped).toBe(false);
    if (result.skipped) return;
    expect(result.kind).toBe('blog');
    const rs = result.records;
    expect(rs[0]).toMatchObject({ type: 'lvl1', hierarchy: { lvl0: 'Blog', lvl1: 'Introducing tRPC' }, docusaurus_tag: 'default' });
    expect(rs[0]!.version).toBeUndefined();
    expect(rs.map((r) => r.type)).toEqual(['lvl1', 'content', 'lvl2', 'content']);
    expect(JSON.stringify(rs)).not.toContain('announcements');
    expect(JSON.stringify(rs)).not.toContain('2021'); // year heading of the blog sidebar
  });
});

describe('a generated API reference page', () => {
  it('is indexed with the lowest page rank under its own section', async () => {
    const result = await page('docs/typedoc/client/functions/httpBatchLink/index.html', '/docs/typedoc/client/functions/httpBatchLink');
    if (result.skipped) throw new Error(result.reason);
    expect(result.kind).toBe('typedoc');
    expect(result.records[0]!.hierarchy.lvl0).toBe(TYPEDOC_LVL0);
    expect(result.records.every((r) => r.weight.pageRank === PAGE_RANK_BASE.typedoc)).toBe(true);
    // Below every hand-written page, whatever its depth.
    expect(PAGE_RANK_BASE.typedoc).toBeLessThan(Math.min(PAGE_RANK_BASE.blog, PAGE_RANK_BASE.page, pageRank('versioned-docs', '/docs/v9/a/b/c/d/e')));
    expect(contents(result.records)).toContain('HTTPBatchLinkOptions<TRouter["_def"]["_config"]["$types"]>');
  });
});

describe('plain pages', () => {
  it('reads a page without <article> from <main> and titles it from <title> when it has no h1', async () => {
    const result = await page('index.html', '/');
    if (result.skipped) throw new Error(result.reason);
    expect(result.kind).toBe('page');
    expect(result.records[0]).toMatchObject({ type: 'lvl1', hierarchy: { lvl0: 'Pages', lvl1: 'tRPC' }, url: `${SITE}/` });
    expect(result.records.find((r) => r.content?.startsWith('End-to-end'))!.content).toContain('typesafety & autocompletion');
  });

  it('uses the page h1 when there is one', async () => {
    const rs = await records('pricing/index.html', '/pricing');
    expect(rs[0]!.hierarchy.lvl1).toBe('Pricing');
    expect(rs.filter((r) => r.type === 'lvl1')).toHaveLength(1);
  });
});

describe('skipped pages', () => {
  it.each([
    ['404.html', '/404.html', 'not-found page'],
    ['search/index.html', '/search', 'search page'],
    ['blog/tags/announcements/index.html', '/blog/tags/announcements', 'list page (blog_tags_posts)'],
  ])('%s', async (rel, pathname, reason) => {
    const result = await page(rel, pathname);
    expect(result).toMatchObject({ skipped: true, reason });
  });

  it("skips each older docs version's not-found page, and only the page named 404", () => {
    const html = '<html><head></head><body><article><h1>Page not found</h1><p>Nothing lives here.</p></article></body></html>';
    expect(extractPage({ html, pathname: '/docs/v10/404.html', siteUrl: SITE })).toMatchObject({ skipped: true, reason: 'not-found page' });
    expect(extractPage({ html, pathname: '/docs/v9/404.html', siteUrl: SITE })).toMatchObject({ skipped: true, reason: 'not-found page' });
    expect(extractPage({ html, pathname: '/docs/errors-404', siteUrl: SITE })).not.toMatchObject({ skipped: true });
  });

  it('skips redirects and noindex pages', () => {
    const redirect = '<html><head><meta http-equiv="refresh" content="0; url=/docs/"></head><body><article><h1>x</h1></article></body></html>';
    expect(extractPage({ html: redirect, pathname: '/old', siteUrl: SITE })).toMatchObject({ skipped: true, reason: 'redirect page' });
    const hidden = '<html><head><meta name="robots" content="noindex, nofollow"></head><body><article><h1>x</h1></article></body></html>';
    expect(extractPage({ html: hidden, pathname: '/hidden', siteUrl: SITE })).toMatchObject({ skipped: true, reason: 'robots noindex' });
  });
});

describe('lvl0', () => {
  const html = (body: string) => `<html><head><meta name="docsearch:docusaurus_tag" content="docs-default-current"></head><body>${body}<article><h1>T</h1></article></body></html>`;
  const lvl0 = (body: string) => {
    const r = extractPage({ html: html(body), pathname: '/docs/t', siteUrl: SITE });
    if (r.skipped) throw new Error(r.reason);
    return r.records[0]!.hierarchy.lvl0;
  };

  it('prefers the deepest active sidebar category over navbar items', () => {
    const nav = '<nav><a class="navbar__item navbar__link navbar__link--active">Docs</a></nav>';
    const side = '<aside><a class="menu__link menu__link--sublist menu__link--active">Client</a><a class="menu__link menu__link--sublist menu__link--active">Links</a></aside>';
    expect(lvl0(nav + side)).toBe('Links');
  });

  it('takes the first active navbar item when no category is active', () => {
    const nav = '<nav><a class="navbar__item navbar__link navbar__link--active">Docs</a><a class="navbar__item navbar__link navbar__link--active">Using Next.js</a></nav>';
    expect(lvl0(nav)).toBe('Docs');
  });

  it('falls back to Documentation for docs', () => {
    expect(lvl0('')).toBe('Documentation');
  });
});

describe('limits', () => {
  it(`keeps at most ${MAX_RECORDS_PER_PAGE} records per page and reports it`, () => {
    const items = Array.from({ length: 800 }, (_, i) => `<p>paragraph ${i}</p>`).join('');
    const result = extractPage({ html: `<html><body><article><h1>Big</h1>${items}</article></body></html>`, pathname: '/big', siteUrl: SITE });
    if (result.skipped) throw new Error(result.reason);
    expect(result.records).toHaveLength(MAX_RECORDS_PER_PAGE);
    expect(result.truncated).toBe(true);
  });

  it('treats a page without docsearch meta tags as a plain page and uses the file path without a canonical link', () => {
    const result = extractPage({ html: '<html><body><article><h1>T</h1><p>x</p></article></body></html>', pathname: '/docs/x', siteUrl: SITE });
    if (result.skipped) throw new Error(result.reason);
    expect(result.records[0]).toMatchObject({ hierarchy: { lvl0: 'Pages' }, url: `${SITE}/docs/x` });
  });
});

describe('pageRank', () => {
  it('puts higher docs pages first among equals, and keeps kinds apart', () => {
    expect(pageRank('docs', '/docs/quickstart')).toBeGreaterThan(pageRank('docs', '/docs/server/procedures'));
    expect(pageRank('docs', '/docs/server/procedures')).toBeGreaterThan(pageRank('docs', '/docs/client/nextjs/aborting-procedure-calls'));
    expect(pageRank('versioned-docs', '/docs/v10/server/procedures')).toBe(pageRank('versioned-docs', '/docs/v9/server/procedures'));
    expect(pageRank('docs', '/docs/a/b/c/d/e/f')).toBeGreaterThan(pageRank('versioned-docs', '/docs/v10/'));
    expect(pageRank('blog', '/blog/x')).toBe(PAGE_RANK_BASE.blog);
    expect(pageRank('docs', '/docs/landing-intro/Step1', false)).toBeLessThan(pageRank('docs', '/docs/a/b/c/d/e/f'));
  });
});

describe('page_type', () => {
  it('tells docs, migration guides, blog posts, site pages and the reference apart', () => {
    expect(pageType('docs', '/docs/server/routers', 'Define routers', true)).toBe('docs');
    expect(pageType('docs', '/docs/migrate-from-v10-to-v11', 'Migrate from v10 to v11', true)).toBe('migration');
    expect(pageType('versioned-docs', '/docs/v10/upgrade', 'Migrating from v9', true)).toBe('migration');
    expect(pageType('versioned-docs', '/docs/v10/server/routers', 'Define routers', true)).toBe('docs');
    expect(pageType('blog', '/blog/announcing-trpc-11', 'Announcing tRPC 11', false)).toBe('blog');
    expect(pageType('page', '/pricing', 'Pricing', false)).toBe('page');
    expect(pageType('docs', '/docs/landing-intro/Step1', 'Step 1: Define a procedure', false)).toBe('page');
    expect(pageType('typedoc', '/docs/typedoc/server', '@trpc/server', true)).toBe('reference');
  });

  it('is set on every record of a page', async () => {
    const rs = await records('docs/server/routers/index.html', '/docs/server/routers');
    expect(new Set(rs.map((r) => r.page_type))).toEqual(new Set(['docs']));
  });
});


describe('page-level keywords', () => {
  it("gives the page's title record its description and its section headings (not navigation ones)", async () => {
    const rs = await records('docs/server/routers/index.html', '/docs/server/routers');
    expect(rs[0]!.type).toBe('lvl1');
    expect(rs[0]!.keywords).toBe('Group your procedures into routers. · Defining a router · Input types · Options table');
  });

  it('gives the generated API reference no page-level keywords (its headings list symbols)', async () => {
    const rs = await records('docs/typedoc/client/functions/httpBatchLink/index.html', '/docs/typedoc/client/functions/httpBatchLink');
    expect(rs.some((r) => r.type !== 'lvl1' && r.type !== 'content')).toBe(true);
    expect(rs.find((r) => r.type === 'lvl1')!.keywords ?? '').not.toContain(' · ');
  });
});

describe('codeNames', () => {
  it('keeps camel case, Pascal case with a hump and CONSTANT_NAMES, not plain words or keywords', () => {
    const code = "export const protectedProcedure = t.procedure.use(({ ctx, next }) => { throw new TRPCError({ code: 'NOT_FOUND' }); });\nconst router = initTRPC.create(); class Error {}";
    expect(codeNames(code)).toEqual(['protectedProcedure', 'TRPCError', 'NOT_FOUND', 'initTRPC']);
  });
});
