import { expect, test } from '../support/test';
import { sitemapPaths } from '../support/sitemap';

// Every top-level route of the specification, with the title it must carry ("<page> | tRPC").
const ROUTES: [path: string, title: RegExp][] = [
  ['/', /tRPC/],
  ['/blog', /^Blog \| tRPC$/],
  ['/blog/archive', /^Blog archive \| tRPC$/],
  ['/blog/authors', /^Authors \| tRPC$/],
  ['/blog/announcing-trpc-10', / \| tRPC$/],
  ['/blog/introducing-trpc', / \| tRPC$/],
  ['/blog/tinyrpc-client', / \| tRPC$/],
  ['/blog/trpc-actions', / \| tRPC$/],
  ['/blog/typescript-performance-lessons', / \| tRPC$/],
  ['/media', /^Media \| tRPC$/],
  ['/pricing', /^Pricing \| tRPC$/],
  ['/search', /Search.* \| tRPC$/],
  ['/docs/', /^Introduction \| tRPC$/],
  ['/docs/quickstart', /^Quickstart \| tRPC$/],
  ['/docs/getting-started', / \| tRPC$/],
  // An older version's pages say which in their title, so tabs and search results tell them apart.
  ['/docs/v10/', /^Introduction \(10\.x\) \| tRPC$/],
  ['/docs/v10/quickstart', /^Quickstart \(10\.x\) \| tRPC$/],
  ['/docs/v10/getting-started', / \(10\.x\) \| tRPC$/],
  ['/docs/v9/', /^Introduction \(9\.x\) \| tRPC$/],
  ['/docs/v9/quickstart', /^Quickstart \(9\.x\) \| tRPC$/],
  ['/docs/community/awesome-trpc', / \| tRPC$/],
  ['/docs/client/nextjs', / \| tRPC$/],
];

for (const [path, title] of ROUTES) {
  test(`${path} answers 200 with its title`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('#__docusaurus_skipToContent_fallback')).toBeVisible();
  });
}

test('the landing page title uses the pipe delimiter', async ({ page }) => {
  await page.goto('/');
  // react-helmet-async can show the bare site title for a frame while the page hydrates; the title a
  // reader (and a crawler of the static HTML) gets is the page's, with the delimiter.
  await expect(page).toHaveTitle(/^Fast, typesafe APIs without the glue code \| tRPC$/);
  const html = await (await page.request.get('/')).text();
  expect(html).toMatch(/<title[^>]*>Fast, typesafe APIs without the glue code \| tRPC<\/title>/);
});

test('an unknown path answers the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  // Client-side navigation to an unknown path shows the same page.
  await page.goto('/');
  await page.evaluate(() => window.history.pushState({}, '', '/nowhere'));
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('.html endings are normalised to the clean path', async ({ page }) => {
  const response = await page.goto('/docs/quickstart.html');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Quickstart \| tRPC$/);
});

test('every page of the sitemap, and /search, has a meta description of its own', async ({ request }) => {
  test.setTimeout(120_000);
  const paths = [...(await sitemapPaths(request)), '/search'];
  expect(paths.length).toBeGreaterThan(200);
  const problems: string[] = [];
  for (let i = 0; i < paths.length; i += 16) {
    await Promise.all(
      paths.slice(i, i + 16).map(async (path) => {
        const html = await (await request.get(path)).text();
        const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/ \| tRPC$/, '').trim() ?? '';
        // A tag's attributes may hold ">" in quotes (`Class: X<T>`).
        const tag = [...html.matchAll(/<meta\s(?:[^>"']|"[^"]*"|'[^']*')*>/g)].map((m) => m[0]).find((t) => /\bname="?description"?[\s/>]/.test(t));
        // The minifier writes the attribute bare, in double or in single quotes.
        const description = tag ? (/content=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/.exec(tag)?.slice(1).find((v) => v !== undefined) ?? '') : '';
        // A description that only repeats the title (the theme's archive said "Archive") tells nothing.
        if (description.trim().length < 20 || description.trim() === title) problems.push(`${path}: ${JSON.stringify(description)}`);
      }),
    );
  }
  expect(problems, `pages without a description (${paths.length} checked)`).toEqual([]);
});
