import { expect, test } from '@playwright/test';

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
