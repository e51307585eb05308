import { expect, test } from '../support/test';

// The 404 page: a real 404 status, the missing path, the same doc in the other versions (also where
// it was renamed), a search prefilled with the path's words, and the docs, quickstart and home links.

test('an unknown path answers 404 with a search box and links to the docs, the quickstart and home', async ({ page }) => {
  const response = await page.goto('/no/such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.locator('main')).toContainText('/no/such-page');
  const box = page.getByRole('searchbox', { name: 'Search for' });
  await expect(box).toHaveValue('no such page');
  for (const [name, href] of [['Docs', '/docs/'], ['Quickstart', '/docs/quickstart'], ['Home', '/']]) {
    await expect(page.locator('main').getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  // Nothing to suggest outside the docs.
  await expect(page.getByRole('heading', { name: 'This page in other versions' })).toHaveCount(0);
});

test('the search box leads to the search page with the words typed', async ({ page }) => {
  await page.goto('/docs/v9/react-queries-old');
  const box = page.getByRole('searchbox', { name: 'Search for' });
  await expect(box).toHaveValue('react queries old');
  await box.fill('useQuery');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=useQuery$/);
});

const VERSION_CASES: [missing: string, expected: string[]][] = [
  // An 11.x page that 9.x does not have under that name, asked for under 9.x.
  ['/docs/v9/server/routers', ['/docs/server/routers', '/docs/v10/server/routers', '/docs/v9/router']],
  // And back: a 9.x name asked for under 11.x. (`/docs/router` is no longer one: @trpc/server's README
  // links to it, so it redirects to the routers page; site/config/legacyRedirects.ts.)
  ['/docs/react-queries', ['/docs/client/react/useQuery', '/docs/v10/client/react/useQuery', '/docs/v9/react-queries']],
  ['/docs/v10/react-queries', ['/docs/client/react/useQuery', '/docs/v10/client/react/useQuery', '/docs/v9/react-queries']],
  // A page that only 11.x has.
  ['/docs/v10/server/websockets', ['/docs/server/websockets']],
  // A 10.x page under 9.x.
  ['/docs/v9/faq', ['/docs/faq', '/docs/v10/faq']],
];

for (const [missing, expected] of VERSION_CASES) {
  test(`${missing} answers 404 and names the page in the versions that have it`, async ({ page }) => {
    const response = await page.goto(missing);
    expect(response?.status()).toBe(404);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'This page in other versions' }) });
    const links = section.getByRole('link');
    await expect(links.first()).toBeVisible();
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const href of expected) expect(hrefs).toContain(href);
    // The links work.
    await links.filter({ has: page.locator(`code:text-is("${expected[0]}")`) }).click();
    await expect(page).toHaveURL(new RegExp(`${expected[0]}$`));
    await expect(page.locator('article h1')).toBeVisible();
  });
}
