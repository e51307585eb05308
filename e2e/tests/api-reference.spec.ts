import { expect, test } from '@playwright/test';

// The generated API reference: one page of each package, with its main export and the signature.
const MAIN_EXPORTS = [
  { pkg: 'server', name: 'initTRPC', signature: /const initTRPC: TRPCBuilder/ },
  { pkg: 'client', name: 'createTRPCClient()', signature: /function createTRPCClient<TRouter>\(opts\): TRPCClient<TRouter>/ },
  { pkg: 'react-query', name: 'createTRPCReact()', signature: /function createTRPCReact<TRouter, TSSRContext>\(opts\?\)/ },
  { pkg: 'next', name: 'createTRPCNext()', signature: /function createTRPCNext<TRouter, TSSRContext>\(opts\)/ },
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
  await expect(page.getByRole('link', { name: 'links/httpBatchLink' })).toBeVisible();
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
