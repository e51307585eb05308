import { expect, test, type Page } from '../support/test';
import { pathsWithTables, sitemapPaths } from '../support/sitemap';

// Tables in the docs and the blog: on a desktop they fit their column (inline code wraps), so no
// column hides behind a scrollbar; on a phone, option tables stack each row into a labelled card.

/** Tables that are wider than the element they sit in, or than the article, as "widthpx in widthpx". */
async function overflowingTables(page: Page): Promise<string[]> {
  return page.locator('article table').evaluateAll((tables) =>
    tables.flatMap((table, i) => {
      const article = table.closest('article')!;
      const limit = Math.min(table.parentElement!.clientWidth, article.clientWidth);
      const width = Math.max(table.scrollWidth, table.getBoundingClientRect().width);
      const head = table.querySelector('th')?.textContent ?? '';
      return width > limit + 1 ? [`table ${i + 1} ("${head}"): ${Math.round(width)} px in ${limit} px`] : [];
    }),
  );
}

const SECTIONS = [
  { name: '11.x docs', match: (p: string) => p.startsWith('/docs/') && !/^\/docs\/(v10|v9|typedoc)\//.test(p) },
  { name: '10.x docs', match: (p: string) => p.startsWith('/docs/v10/') },
  { name: '9.x docs', match: (p: string) => p.startsWith('/docs/v9/') },
  { name: 'API reference', match: (p: string) => p.startsWith('/docs/typedoc/') },
  { name: 'blog', match: (p: string) => p.startsWith('/blog/') },
];

/** Every overflowing table of a section's pages with tables, as "path: table …". */
async function sectionOverflows(page: Page, section: (typeof SECTIONS)[number]): Promise<{ checked: number; problems: string[] }> {
  const paths = await pathsWithTables(page.request, (await sitemapPaths(page.request)).filter(section.match));
  expect(paths.length, `${section.name} has pages with tables`).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    for (const line of await overflowingTables(page)) problems.push(`${path}: ${line}`);
  }
  return { checked: paths.length, problems };
}

for (const section of SECTIONS) {
  test(`${section.name}: every table fits its column at 1280 px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { checked, problems } = await sectionOverflows(page, section);
    expect(problems, `tables wider than their column (${checked} pages checked)`).toEqual([]);
  });
}

test('at 1280 px a camelCase name in a cell stays on one line; a path still wraps at its slashes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/docs/typedoc/server');
  const table = page.locator('article table').first();
  // Greedy line breaking used to split it after "(aws" with room for the whole name on the next line.
  for (const name of ['awsLambdaRequestHandler', 'createExpressMiddleware']) {
    const code = table.locator('code', { hasText: name });
    expect(await code.evaluate((el) => el.getClientRects().length), name).toBe(1);
  }
  const path = table.locator('code', { hasText: 'adapters/aws-lambda' });
  expect(await path.evaluate((el) => el.getClientRects().length)).toBeGreaterThan(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('an option table stacks each row, every cell labelled with its column and nothing cut off', async ({ page }) => {
    await page.goto('/docs/server/adapters/nextjs');
    const table = page.locator('article table').first();
    await expect(table.locator('th').first()).toHaveText('Option');
    // No horizontal scrolling: the table is as wide as the column.
    expect(await overflowingTables(page)).toEqual([]);
    const cell = table.locator('tbody tr').first().locator('td').nth(1);
    await expect(cell).toHaveAttribute('data-label', 'Type');
    const label = await cell.evaluate((td) => getComputedStyle(td, '::before').content);
    expect(label).toBe('"Type"');
    // Cells of one row stand one above the other.
    const [a, b] = await table.locator('tbody tr').first().locator('td').evaluateAll((tds) =>
      tds.slice(0, 2).map((td) => td.getBoundingClientRect().top),
    );
    expect(b!).toBeGreaterThan(a!);
  });

  for (const section of SECTIONS) {
    test(`${section.name}: no table scrolls sideways past its column`, async ({ page }) => {
      test.setTimeout(180_000);
      const { checked, problems } = await sectionOverflows(page, section);
      expect(problems, `tables wider than a phone's column (${checked} pages checked)`).toEqual([]);
    });
  }
});
