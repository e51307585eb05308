import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '../support/test';

// What a doc page offers beyond its text: package-manager tabs that remember the reader's choice,
// a social card of its own, "Last updated" from git history with a team role as author, and its
// Markdown through "Copy page". Edit links need EDIT_URL, which this build leaves unset; the wiring is
// unit-tested in site/config/__tests__/pageDefaults.test.ts.

const repo = path.resolve(__dirname, '../..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo }).toString().trim();

async function hydrated(page: Page) {
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
}

/** The first package-manager tab group of the page. */
const installTabs = (page: Page) => page.locator('.tabs-container').filter({ has: page.getByRole('tab', { name: 'pnpm', exact: true }) }).first();

test('install commands come as npm / pnpm / Yarn / Bun tabs, and the choice holds across a reload and across pages', async ({ page }) => {
  await page.goto('/docs/quickstart');
  await hydrated(page);
  const tabs = installTabs(page);
  await expect(tabs.getByRole('tab')).toHaveText(['npm', 'pnpm', 'Yarn', 'Bun']);
  await expect(tabs.getByRole('tab', { name: 'npm', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tabpanel')).toContainText('npm install @trpc/server @trpc/client zod');

  await tabs.getByRole('tab', { name: 'pnpm', exact: true }).click();
  await expect(tabs.getByRole('tabpanel')).toContainText('pnpm add @trpc/server @trpc/client zod');
  await expect(tabs.getByRole('tabpanel')).toContainText('pnpm add --save-dev typescript tsx @types/node');

  await page.reload();
  await hydrated(page);
  await expect(installTabs(page).getByRole('tab', { name: 'pnpm', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(installTabs(page).getByRole('tabpanel')).toContainText('pnpm add @trpc/server');

  // Another page, another version: the same choice.
  await page.goto('/docs/v10/getting-started');
  await hydrated(page);
  await expect(installTabs(page).getByRole('tab', { name: 'pnpm', exact: true })).toHaveAttribute('aria-selected', 'true');
  await installTabs(page).getByRole('tab', { name: 'Bun', exact: true }).click();
  await page.goto('/docs/getting-started');
  await hydrated(page);
  await expect(installTabs(page).getByRole('tabpanel')).toContainText('bun add @trpc/server @trpc/client');
});

test('every install command of the docs is in tabs', async ({ page }) => {
  for (const doc of ['/docs/quickstart', '/docs/getting-started', '/docs/client/tanstack-react-query/setup', '/docs/v10/server/adapters/fastify', '/docs/v9/aws-lambda', '/docs/v10/quickstart', '/docs/v9/quickstart', '/docs/server/websockets', '/docs/v10/migrate-from-v9-to-v10']) {
    await page.goto(doc);
    const outside = await page.locator('article pre').evaluateAll((pres) =>
      pres.filter((pre) => !pre.closest('[role="tabpanel"]')).map((pre) => pre.textContent ?? ''),
    );
    expect(outside.filter((code) => /^\s*npm (install|i|uninstall)\b/m.test(code)), doc).toEqual([]);
    await expect(page.getByRole('tab', { name: 'pnpm', exact: true }).first(), doc).toBeVisible();
  }
});

function meta(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*(?:property|name)=["']?${key}["']?[ /][^>]*>`))?.[0];
  return tag?.match(/content=(?:"([^"]*)"|([^\s>]+))/)?.slice(1).find(Boolean);
}

test('each doc and post has its own 1200×630 social card; every page names the site and the card type', async ({ request }) => {
  const images = new Map<string, string>();
  for (const p of ['/docs/quickstart', '/docs/server/routers', '/docs/v10/quickstart', '/blog/announcing-trpc-10', '/', '/pricing']) {
    const html = await (await request.get(p)).text();
    expect(meta(html, 'og:site_name'), p).toBe('tRPC');
    expect(meta(html, 'twitter:card'), p).toBe('summary_large_image');
    expect(meta(html, 'twitter:site'), p).toBe('@trpcio');
    const image = meta(html, 'og:image');
    expect(image, p).toMatch(/^https?:\/\/.+\.png$/);
    expect(meta(html, 'twitter:image'), p).toBe(image);
    images.set(p, image!);
  }
  const cards = ['/docs/quickstart', '/docs/server/routers', '/docs/v10/quickstart', '/blog/announcing-trpc-10'].map((p) => images.get(p)!);
  expect(new Set(cards).size).toBe(cards.length);
  for (const url of cards) {
    const res = await request.get(new URL(url).pathname);
    expect(res.status(), url).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    const png = await res.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], url).toEqual([1200, 630]);
  }
});

test('"Last updated" shows the date of the page’s last commit and the docs team, not a person', async ({ page }) => {
  await page.goto('/docs/quickstart');
  const lastUpdated = page.locator('.theme-last-updated');
  await expect(lastUpdated).toContainText('by tRPC Docs Team');
  const shallow = git('rev-parse', '--is-shallow-repository') === 'true';
  if (shallow) {
    // A shallow clone would date every page to its one commit: the build leaves the date out.
    await expect(lastUpdated.locator('time')).toHaveCount(0);
  } else {
    // Docusaurus reads `git log --name-status`, which lists no files for merge commits: the date is
    // that of the last commit that changed the file itself.
    const committed = Number(git('log', '-1', '--no-merges', '--format=%ct', '--', 'site/docs/quickstart.md')) * 1000;
    expect(new Date(await lastUpdated.locator('time').getAttribute('datetime') ?? '').getTime()).toBe(committed);
  }
  const people = git('log', '--format=%an', '-20', '--', 'site/docs').split('\n');
  for (const name of new Set(people)) if (name) await expect(lastUpdated).not.toContainText(name);
  // Blog posts get the same footer; no EDIT_URL in this build, so no edit links anywhere.
  await page.goto('/blog/announcing-trpc-10');
  await expect(page.locator('.theme-last-updated')).toContainText('by tRPC Docs Team');
  await expect(page.locator('.theme-edit-this-page')).toHaveCount(0);
});

test('"Copy page" puts the page’s Markdown on the clipboard, by mouse and by keyboard', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/docs/quickstart');
  await hydrated(page);
  const link = page.locator('link[rel="alternate"][type="text/markdown"]');
  await expect(link).toHaveAttribute('href', '/docs/quickstart.md');

  const button = page.getByRole('button', { name: 'Copy page' });
  // Beside the title, centred on its first line, at the right edge of the column, on phones and desktops;
  // and it is what a tap there hits.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const placement = await page.evaluate(() => {
      const h1 = document.querySelector('article h1')!.getBoundingClientRect();
      const line = parseFloat(getComputedStyle(document.querySelector('article h1')!).lineHeight);
      const b = [...document.querySelectorAll('article button')].find((el) => el.textContent === 'Copy page')!.getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)?.closest('button')?.textContent;
      return { offset: (b.top + b.bottom) / 2 - (h1.top + line / 2), rightGap: h1.right - b.right, hit };
    });
    expect(Math.abs(placement.offset), `${width}px`).toBeLessThanOrEqual(4);
    expect(Math.abs(placement.rightGap), `${width}px`).toBeLessThanOrEqual(1);
    expect(placement.hit, `${width}px`).toBe('Copy page');
  }

  await button.click();
  await expect(page.getByRole('status').filter({ hasText: 'Page copied as Markdown' })).toHaveCount(1);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith('# Quickstart\n')).toBe(true);
  expect(copied).toContain('npm install @trpc/server @trpc/client zod');
  expect(copied).toContain('```ts title="server/router.ts"');

  // Keyboard: focus the button and press Enter on another page.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.goto('/docs/server/routers');
  await hydrated(page);
  await page.getByRole('button', { name: 'Copy page' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Define routers\n/);
});
