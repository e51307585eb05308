import fs from 'node:fs';
import { expect, type Page, test } from '../support/test';
import { BASE_URL } from '../support/env';
import { INDEX_FILE, startPrivateSearch } from '../support/search';
import { sitemapPaths } from '../support/sitemap';

// The generated API reference: one page of each package, with its main export and the signature.
const MAIN_EXPORTS = [
  { pkg: 'server', name: 'initTRPC', signature: /const initTRPC: TRPCBuilder/ },
  { pkg: 'client', name: 'createTRPCClient()', signature: /function createTRPCClient<TRouter extends AnyRouter>\(opts: CreateTRPCClientOptions<TRouter>\): TRPCClient<TRouter>/ },
  { pkg: 'react-query', name: 'createTRPCReact()', signature: /function createTRPCReact<TRouter extends AnyRouter, TSSRContext = unknown>\(opts\?: CreateTRPCReactOptions<TRouter>\)/ },
  { pkg: 'next', name: 'createTRPCNext()', signature: /function createTRPCNext<TRouter extends AnyRouter, TSSRContext extends NextPageContext = NextPageContext>\(\s*opts: WithTRPCNoSSROptions<TRouter>/ },
];

for (const { pkg, name, signature } of MAIN_EXPORTS) {
  test(`@trpc/${pkg}: the reference shows ${name} with its signature`, async ({ page }) => {
    const response = await page.goto(`/docs/typedoc/${pkg}/index/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('article h1')).toHaveText(`@trpc/${pkg}`);
    const heading = page.locator('article h3', { hasText: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }).first();
    await expect(heading).toBeVisible();
    // The signature is the code block right after the heading.
    const code = heading.locator('xpath=following-sibling::div[1]');
    await expect(code).toHaveText(signature);
    // Signatures are not samples: they name types they do not import, so no compiler types are woven
    // in (any would be wrong), while the highlighting stays.
    await expect(code.locator('[data-t]')).toHaveCount(0);
    await expect(page.locator('script[type="application/json"][data-code-types], article [data-t]')).toHaveCount(0);
    expect(await code.locator('.token').count()).toBeGreaterThan(0);
    // Generated pages render Markdown, never raw syntax.
    const prose = await page.locator('article p, article li, article td').allInnerTexts();
    for (const text of prose) expect(text).not.toMatch(/^#{1,6} |\]\(|\\<|&lt;|&gt;/);
  });
}

test('the reference is one collapsed category below the written docs, linked from the package index', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/docs/typedoc/client/');
  await expect(page.locator('article').getByRole('link', { name: '@trpc/client/links/httpBatchLink' })).toBeVisible();
  await page.goto('/docs/');
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  const category = sidebar.getByRole('button', { name: /API Reference/ }).or(sidebar.getByRole('link', { name: 'API Reference' }));
  await expect(category.first()).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'initTRPC' })).toHaveCount(0);
  const items = await sidebar.locator(':scope > ul > li').allInnerTexts();
  expect(items.at(-1)).toContain('API Reference');
});

test('links inside the reference land on their symbol, even where its slug clashes with the page title', async ({ page }) => {
  // `TRPCClient` on the `@trpc/client` page: the title takes the slug "trpcclient", so without explicit
  // heading ids the heading became "trpcclient-1" and the reference's own links missed it.
  await page.goto('/docs/typedoc/client/index/');
  const link = page.locator('article a[href="#trpcclient"]').first();
  await link.click();
  await expect(page).toHaveURL(/#trpcclient$/);
  const heading = page.locator('article h3#trpcclient');
  await expect(heading).toHaveText(/^TRPCClient/);
  await expect(heading).toBeInViewport();
});

test('each package page says what every import path is for, and links it', async ({ page }) => {
  await page.goto('/docs/typedoc/server/');
  // Its own title: the package's name alone is its main entry's page.
  await expect(page).toHaveTitle('@trpc/server API reference | tRPC');
  const rows = page.locator('article table tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(10);
  await expect(rows.first()).toContainText('@trpc/server');
  for (const row of await rows.all()) {
    const [importPath, purpose] = await row.locator('td').allInnerTexts();
    expect(importPath).toMatch(/^@trpc\/server(\/[\w/-]+)?$/);
    expect(purpose!.trim().length, `${importPath} has a description`).toBeGreaterThan(20);
  }
  await rows.filter({ hasText: '@trpc/server/adapters/express' }).getByRole('link').click();
  await expect(page.locator('article h1')).toHaveText('@trpc/server/adapters/express');
});

test('the sidebar is a tree by import path: no package inside itself, no folder categories', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/docs/typedoc/server/adapters/express/');
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  const server = sidebar.locator('li.menu__list-item', { has: page.locator(':scope > div > a', { hasText: /^@trpc\/server$/ }) });
  await expect(server).toHaveCount(1);
  const labels = await server.locator(':scope > ul > li > a, :scope > ul > li > div > a').allInnerTexts();
  expect(labels[0]).toBe('Main entry');
  expect(labels).toContain('adapters/express');
  expect(labels).toContain('http');
  expect(labels).not.toContain('adapters');
  expect(labels).not.toContain('index');
  expect(labels).not.toContain('@trpc/server');
  await expect(sidebar.getByRole('link', { name: 'adapters/express', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('"See" links to the upstream docs lead to this site where it has the page', async ({ page }) => {
  await page.goto('/docs/typedoc/server/index/');
  const links = await page.locator('article a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  // initTRPC's "See" link points at the quickstart, which this site has.
  expect(links).toContain('/docs/quickstart');
  const upstream = links.filter((href) => /^https?:\/\/trpc\.io\/docs\//.test(href));
  // Only pages this site does not have may still point upstream.
  expect(upstream.filter((href) => /\/(quickstart|server\/routers|server\/middlewares|server\/context)$/.test(href))).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// A reference a reader can scan (issue 13: `/docs/typedoc/server/index/` was 34,495 px tall at
// 1280 px with 63 entries in its table of contents, one interface alone about 9,800 px).
//
// The bar, measured at 1280 × 900:
// - The table of contents has at most 25 entries, so it fits the viewport (about 24 px an entry)
//   and is read at a glance. Larger modules list their groups there, and each group opens with an
//   index of its declarations.
// - A page is at most 12,000 px tall; the modules with more than 40 declarations (the main entries
//   of server, client and react-query, and react-query/shared), whose length follows the size of the
//   module, at most 500 px a declaration. Before: 605 px a declaration on server/index, 968 on
//   react-query/shared (54,241 px), 1,600 on server/observable.
// - No declaration is a wall: each section (h3 to the next h2/h3) is at most 5,000 px.
const MAX_TOC_ENTRIES = 25;
const MAX_PAGE_HEIGHT = 12_000;
const LARGE_MODULE = 40;
const MAX_HEIGHT_PER_DECLARATION = 500;
const MAX_SECTION_HEIGHT = 5_000;

interface ApiPageShape {
  height: number;
  toc: string[];
  declarations: { id: string; name: string; height: number }[];
  indexLinks: string[];
}

async function apiPageShape(page: Page): Promise<ApiPageShape> {
  return page.evaluate(() => {
    const article = document.querySelector('article')!;
    const headings = [...article.querySelectorAll<HTMLElement>('h2, h3')];
    const bottom = article.getBoundingClientRect().bottom;
    const declarations = headings.flatMap((h, i) =>
      h.tagName === 'H3' && h.id
        ? [{ id: h.id, name: h.textContent!.replace(/\u200b/g, '').trim(), height: Math.round((headings[i + 1]?.getBoundingClientRect().top ?? bottom) - h.getBoundingClientRect().top) }]
        : [],
    );
    return {
      height: document.documentElement.scrollHeight,
      toc: [...document.querySelectorAll('.theme-doc-toc-desktop .table-of-contents a')].map((a) => a.getAttribute('href')!),
      declarations,
      indexLinks: [...article.querySelectorAll('a[href^="#"]')].map((a) => a.getAttribute('href')!),
    };
  });
}

const apiPaths = async (page: Page) => (await sitemapPaths(page.request)).filter((p) => p.startsWith('/docs/typedoc/'));

test('every API page can be scanned: a short TOC, a bounded height, no declaration taller than a few screens', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const paths = await apiPaths(page);
  expect(paths.length).toBeGreaterThanOrEqual(40);
  const problems: string[] = [];
  const summary: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    const shape = await apiPageShape(page);
    const count = shape.declarations.length;
    summary.push(`${path}: ${shape.height} px, ${shape.toc.length} TOC entries, ${count} declarations`);
    if (shape.toc.length > MAX_TOC_ENTRIES) problems.push(`${path}: ${shape.toc.length} TOC entries`);
    if (count > LARGE_MODULE) {
      if (shape.height / count > MAX_HEIGHT_PER_DECLARATION) problems.push(`${path}: ${Math.round(shape.height / count)} px a declaration (${shape.height} px, ${count})`);
    } else if (shape.height > MAX_PAGE_HEIGHT) problems.push(`${path}: ${shape.height} px tall`);
    for (const d of shape.declarations) if (d.height > MAX_SECTION_HEIGHT) problems.push(`${path}#${d.id}: ${d.height} px`);
  }
  test.info().annotations.push({ type: 'api pages', description: summary.join('\n') });
  expect(problems, `API pages over the bar (${paths.length} checked)`).toEqual([]);
});

test('every declaration stays reachable: from the TOC or its group index, by its anchor, and in the search index', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const index = JSON.parse(fs.readFileSync(INDEX_FILE, 'utf8')) as { records: { url_without_anchor: string; anchor: string | null }[] };
  const anchorsByPage = new Map<string, Set<string>>();
  for (const r of index.records) {
    const path = new URL(r.url_without_anchor).pathname.replace(/\/$/, '');
    if (!anchorsByPage.has(path)) anchorsByPage.set(path, new Set());
    if (r.anchor) anchorsByPage.get(path)!.add(r.anchor);
  }
  const problems: string[] = [];
  let declarations = 0;
  for (const path of await apiPaths(page)) {
    await page.goto(path);
    const shape = await apiPageShape(page);
    const records = anchorsByPage.get(path.replace(/\/$/, ''));
    if (!records) problems.push(`${path}: no search records`);
    for (const d of shape.declarations) {
      declarations++;
      const listed = shape.toc.includes(`#${d.id}`) || shape.indexLinks.includes(`#${d.id}`);
      if (!listed) problems.push(`${path}#${d.id}: neither in the TOC nor in an index`);
      if (records && !records.has(d.id)) problems.push(`${path}#${d.id}: no search record`);
    }
    // Following an anchor lands on its declaration: the last one of the page, the hardest to reach.
    const last = shape.declarations.at(-1);
    if (last) {
      await page.goto(`${path}#${last.id}`);
      await expect(page.locator(`article h3[id="${last.id}"]`)).toBeInViewport();
    }
  }
  expect(declarations).toBeGreaterThan(250);
  expect(problems).toEqual([]);
});

test('the main entry documents initTRPC, TRPCError and the procedure builder with their signatures', async ({ page }) => {
  await page.goto('/docs/typedoc/server/index/');
  const codeAfter = (heading: string) => page.locator(`article ${heading}`).locator('xpath=following-sibling::div[1]');
  await expect(codeAfter('h3#inittrpc')).toHaveText(/^const initTRPC: TRPCBuilder<object, object>;/);
  await expect(codeAfter('h3#trpcprocedurebuilder')).toHaveText(/^interface TRPCProcedureBuilder<TContext, TMeta, .*TCaller extends boolean>/);
  // Each builder method: its heading, then its whole signature (parameter types included) in one block.
  const METHODS: [string, RegExp][] = [
    ['input', /^input<\$Parser extends Parser>\(schema: .+\): TRPCProcedureBuilder</],
    ['output', /^output<\$Parser extends Parser>\(schema: \$Parser\): TRPCProcedureBuilder</],
    ['use', /^use<\$ContextOverridesOut>\(fn: MiddlewareBuilder<.+> \| MiddlewareFunction<.+>\): TRPCProcedureBuilder</],
    ['query', /^query<\$Output>\(resolver: ProcedureResolver<.+>\): .*TRPCQueryProcedure</],
    ['mutation', /^mutation<\$Output>\(resolver: ProcedureResolver<.+>\): .*TRPCMutationProcedure</],
    // Overloads share one block: the async generator form and the deprecated observable form.
    ['subscription', /^subscription<\$Output extends AsyncIterable<.+TRPCSubscriptionProcedure<[\s\S]+;\s*subscription<\$Output extends Observable</],
  ];
  for (const [name, signature] of METHODS) {
    await expect(page.locator(`article h5#${name}`), name).toHaveText(new RegExp(`^${name}\\(\\)`));
    await expect(codeAfter(`h5#${name}`), name).toHaveText(signature);
  }
  // The return type is linked once, not expanded: the builder's methods link the procedure types.
  await expect(page.locator('article h5#query ~ p a[href="#trpcqueryprocedure"]').first()).toBeVisible();
  // TRPCError has a page of its own, linked from the Classes index, with its constructor.
  await page.locator('article a', { hasText: /^TRPCError$/ }).first().click();
  await expect(page.locator('article h1')).toHaveText('Class: TRPCError');
  await expect(page.locator('article pre', { hasText: /^new TRPCError\(opts: / }).first()).toBeVisible();
});

test('a declaration is found by search and the result lands on it', async ({ page }) => {
  const search = await startPrivateSearch(BASE_URL);
  try {
    await search.route(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/docs/typedoc/client/');
    await page.locator('.navbar .DocSearch-Button').click();
    await page.locator('.DocSearch-Input').fill('TRPCProcedureBuilder');
    const hit = page.locator('.DocSearch-Hit a[href*="/docs/typedoc/server/index/#trpcprocedurebuilder"]').first();
    await expect(hit).toBeVisible();
    await hit.click();
    await expect(page).toHaveURL(/\/docs\/typedoc\/server\/index\/#trpcprocedurebuilder$/);
    await expect(page.locator('article h3#trpcprocedurebuilder')).toBeInViewport();
  } finally {
    search.stop();
  }
});

test('an object parameter lists its members: TRPCError takes opts.code, opts.message and opts.cause', async ({ page }) => {
  await page.goto('/docs/typedoc/server/index/classes/TRPCError');
  const table = page.locator('article table').filter({ hasText: 'opts.code' });
  await expect(table).toHaveCount(1);
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
  const byName = Object.fromEntries(rows.map(([name, type]) => [name, type]));
  // The object's own row names it as the signature does; its members carry the types.
  expect(byName['opts']).toBe('object');
  expect(byName['opts.message?']).toBe('string');
  expect(byName['opts.code']).toContain('"BAD_REQUEST"');
  // The union starts with its first member, not with a stray bar.
  expect(byName['opts.code']).toMatch(/^"PARSE_ERROR" \| "BAD_REQUEST"/);
  expect(Object.keys(byName)).toContain('opts.cause?');
  // Beside the long union of codes, each name stays on one line (`opts.cause?` broke after the dot),
  // at a desktop width and on a phone.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const lines = await table.locator('tbody tr td:first-child code').evaluateAll((codes) =>
      codes.map((code) => [code.textContent, new Set([...code.getClientRects()].map((r) => Math.round(r.top))).size]),
    );
    expect(lines.length, `${width} px`).toBe(4);
    for (const [name, count] of lines) expect(count, `${name} at ${width} px`).toBe(1);
  }
});
