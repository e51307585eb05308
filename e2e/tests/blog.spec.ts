import { expect, test } from '../support/test';

const POSTS = [
  '/blog/trpc-actions',
  '/blog/tinyrpc-client',
  '/blog/typescript-performance-lessons',
  '/blog/announcing-trpc-10',
  '/blog/introducing-trpc',
];

test('the blog index lists posts newest first with reading times', async ({ page }) => {
  await page.goto('/blog');
  const articles = page.locator('main article');
  await expect(articles.first()).toBeVisible();
  const first = await articles.first().locator('h2 a').getAttribute('href');
  expect(first).toBe(POSTS[0]);
  await expect(articles.first()).toContainText(/min read/);
});

test('the blog index has one page heading above the posts, and tag pages keep their own', async ({ page }) => {
  await page.goto('/blog');
  const h1 = page.locator('main h1');
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText('Blog');
  // It comes before the first post's title in reading order.
  const order = await page.locator('main h1, main article h2').evaluateAll((els) => els.map((el) => el.tagName));
  expect(order[0]).toBe('H1');
  expect(order.slice(1).every((t) => t === 'H2')).toBe(true);
  await page.goto('/blog/tags');
  const tag = await page.locator('main a[href^="/blog/tags/"]').first().getAttribute('href');
  await page.goto(tag!);
  await expect(page.locator('main h1')).toHaveCount(1);
  await expect(page.locator('main h1')).not.toHaveText('Blog');
});

test('the sidebar lists every post, grouped by year', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/blog');
  const sidebar = page.locator('aside nav, nav[aria-label*="Blog" i]').first();
  for (const year of ['2024', '2023', '2022', '2021']) {
    await expect(sidebar.getByText(year, { exact: true })).toBeVisible();
  }
  for (const href of POSTS) await expect(sidebar.locator(`a[href="${href}"]`)).toHaveCount(1);
});

test('the archive lists all five posts by year, newest first within each year too', async ({ page }) => {
  await page.goto('/blog/archive');
  for (const href of POSTS) await expect(page.locator(`main a[href="${href}"]`)).toHaveCount(1);
  const order = await page.locator('main a[href^="/blog/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(order.filter((href) => POSTS.includes(href!))).toEqual(POSTS);
  // One h1, then a section heading per year, newest year first.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog archive');
  // The heading's anchor link adds a zero-width space to its text.
  const years = await page.locator('main h2').evaluateAll((hs) => hs.map((h) => h.textContent?.replace(/\u200b/g, '').trim()));
  expect(years).toEqual(['2024', '2023', '2022', '2021']);
  await expect(page.getByRole('banner')).toHaveCount(await page.locator('.theme-announcement-bar').count());
});

test('the authors page lists team roles that link to their posts', async ({ page }) => {
  await page.goto('/blog/authors');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authors');
  const cards = page.locator('main').getByRole('link', { name: /tRPC .*Team|Team/ });
  expect(await cards.count()).toBeGreaterThan(0);
});

test('a post shows its date, reading time, tags and a full article', async ({ page }) => {
  await page.goto('/blog/announcing-trpc-10');
  const article = page.locator('main article');
  // The header's date is the post's; the footer's is its last update (git history).
  await expect(article.locator('header time')).toHaveAttribute('datetime', /^2022-11-21/);
  await expect(article.locator('footer .theme-last-updated time')).toHaveCount(1);
  await expect(article).toContainText(/\d+ min read/);
  await expect(article.locator('a[href^="/blog/tags/"]').first()).toBeVisible();
  const words = (await article.innerText()).split(/\s+/).length;
  expect(words).toBeGreaterThan(700);
});

test('RSS and Atom feeds list the posts', async ({ request }) => {
  const rss = await (await request.get('/blog/rss.xml')).text();
  const atom = await (await request.get('/blog/atom.xml')).text();
  for (const href of POSTS) {
    expect(rss).toContain(href);
    expect(atom).toContain(href);
  }
});
