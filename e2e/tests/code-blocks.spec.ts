import { expect, test, type Page } from '../support/test';

// Code blocks are highlighted when the site is built (site/config/codeHighlight.ts): the HTML carries
// the tokens, a stylesheet colours them for each mode, and the browser runs no highlighter.

const GITHUB_KEYWORD = 'rgb(0, 0, 159)'; // prism "github" theme, light mode
const GITHUB_BACKGROUND = 'rgb(246, 248, 250)';
const DRACULA_KEYWORD = 'rgb(189, 147, 249)'; // prism "dracula" theme, dark mode
const DRACULA_BACKGROUND = 'rgb(40, 42, 54)';

/** The "server/db.ts" block of the quickstart, which opens with `export type Book = {`. */
const dbBlock = (page: Page) => page.locator('.theme-code-block').filter({ hasText: 'server/db.ts' });

async function colours(page: Page) {
  const block = dbBlock(page);
  await block.scrollIntoViewIfNeeded();
  return {
    keyword: await block.locator('.token.keyword').first().evaluate((el) => getComputedStyle(el).color),
    background: await block.evaluate((el) => getComputedStyle(el).backgroundColor),
  };
}

test('the server HTML is highlighted, with no JavaScript at all', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/docs/quickstart');
  const block = dbBlock(page);
  await expect(block.locator('.token.keyword').first()).toHaveText('export');
  await expect(block.locator('.token-line').first()).toHaveText('export type Book = {');
  expect(await colours(page)).toEqual({ keyword: GITHUB_KEYWORD, background: GITHUB_BACKGROUND });
  await context.close();
});

test('colours follow the stored mode from the first paint and the toggle afterwards', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('theme', 'dark');
      sessionStorage.setItem('seeded', '1');
    }
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/docs/quickstart');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await colours(page)).toEqual({ keyword: DRACULA_KEYWORD, background: DRACULA_BACKGROUND });
  const keyword = dbBlock(page).locator('.token.keyword').first();
  await expect(keyword).toHaveCSS('font-style', 'italic');

  // Dark → system (light here) with the navbar toggle: no reload, the same nodes recoloured.
  await page.evaluate(() => document.querySelector('.theme-code-block .token.keyword')!.setAttribute('data-seen', '1'));
  await page.locator('.navbar').getByRole('button', { name: /mode/i }).first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await colours(page)).toEqual({ keyword: GITHUB_KEYWORD, background: GITHUB_BACKGROUND });
  await expect(page.locator('.theme-code-block .token.keyword[data-seen]')).toHaveCount(1);
  expect(problems).toEqual([]);
  await context.close();
});

test('a page reached by client-side navigation shows highlighted code', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/docs/');
  await page.evaluate(() => ((window as unknown as { spa: boolean }).spa = true));
  await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: 'Quickstart', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/quickstart$/);
  await expect(dbBlock(page).locator('.token.keyword').first()).toHaveText('export');
  expect(await page.evaluate(() => (window as unknown as { spa?: boolean }).spa)).toBe(true);
});

test('the copy button copies the code as written, line breaks included', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto('/docs/quickstart');
  const block = dbBlock(page);
  await block.hover();
  await block.getByRole('button', { name: /copy code/i }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith('export type Book = {\n  id: string;\n')).toBe(true);
  expect(copied).toContain("{ id: 'b1', title: 'The Night Library'");
  expect(copied).not.toMatch(/<span|&lt;|&amp;/);
  await context.close();
});

test('magic comments highlight lines and are neither shown nor copied', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto('/docs/migrate-from-v10-to-v11');
  // The v11 ("after") version of server/audit.ts: the second block with that title.
  const block = page.locator('.theme-code-block').filter({ hasText: 'server/audit.ts' }).nth(1);
  await expect(block).toContainText('getRawInput()');
  const marked = block.locator('.theme-code-block-highlighted-line');
  await expect(marked).toHaveText([
    /^export const auditedProcedure = t\.procedure\.use\(async \(\{ path, type, getRawInput, next \}\) => \{$/,
    /^\s*const rawInput = await getRawInput\(\);$/,
  ]);
  await expect(marked.first().locator('.token.keyword').first()).toHaveText('export');
  await expect(block.locator('.token-line')).toHaveCount(7);
  await expect(block).not.toContainText('highlight-');
  const background = await marked.first().evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');

  await block.hover();
  await block.getByRole('button', { name: /copy code/i }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('const rawInput = await getRawInput();');
  expect(copied).not.toContain('highlight-');
  await context.close();
});

test.describe('word wrap on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a block wider than the screen offers word wrap, which wraps it; a block that fits does not', async ({ page }) => {
    await page.goto('/docs/quickstart');
    const wide = dbBlock(page);
    const fits = page.locator('.theme-code-block').filter({ hasText: 'npx tsx watch server/index.ts' });
    await expect(fits.getByRole('button', { name: /copy code/i })).toBeAttached(); // hydrated
    // A block off screen is measured once the browser draws it (content-visibility: auto).
    await fits.scrollIntoViewIfNeeded();
    await expect.poll(() => fits.locator('pre > code').evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(fits.getByRole('button', { name: /toggle word wrap/i })).toHaveCount(0);
    await wide.scrollIntoViewIfNeeded();
    const wrap = wide.getByRole('button', { name: /toggle word wrap/i });
    await expect(wrap).toHaveCount(1);
    const code = wide.locator('pre > code');
    await wide.hover();
    await wrap.click();
    await expect(code).toHaveCSS('white-space', 'pre-wrap');
    expect(await wide.locator('pre').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await wrap.click(); // still offered while wrapped, and unwraps
    await expect(code).toHaveCSS('white-space', 'pre');
  });

  test('a wide block in a tab that is shown later offers word wrap once shown', async ({ page }) => {
    await page.goto('/docs/quickstart');
    const pnpm = page.locator('.theme-code-block').filter({ hasText: 'pnpm add @trpc/server' });
    const npm = page.locator('.theme-code-block').filter({ hasText: 'npm install @trpc/server' });
    await npm.scrollIntoViewIfNeeded();
    await expect(npm.getByRole('button', { name: /toggle word wrap/i })).toHaveCount(1);
    await expect(pnpm).toBeHidden();
    await page.getByRole('tab', { name: 'pnpm' }).first().click();
    await expect(pnpm).toBeVisible();
    await expect(pnpm.getByRole('button', { name: /toggle word wrap/i })).toHaveCount(1);
  });
});
