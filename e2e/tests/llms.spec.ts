import { expect, test } from '../support/test';

// Files for tools and assistants: /llms.txt, /llms-full.txt, each doc as Markdown at its URL + .md,
// and robots.txt. Written by site/config/llmsPlugin.ts.

test('every link of /llms.txt answers 200, one section per docs version', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const res = await request.get('/llms.txt');
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text.startsWith('# tRPC\n\n> ')).toBe(true);
  for (const heading of ['## 11.x docs (current)', '## 10.x docs', '## 9.x docs', '## Blog']) expect(text).toContain(`\n${heading}\n`);
  const links = [...text.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]);
  expect(links.length).toBeGreaterThan(150);
  const failed: string[] = [];
  for (const link of links) {
    // Absolute URLs on SITE_URL; fetched here from the server under test.
    const url = new URL(link);
    const answer = await request.get(url.pathname);
    if (answer.status() !== 200) failed.push(`${link} → ${answer.status()}`);
  }
  expect(failed).toEqual([]);
  // Each listed page has its one-line description.
  expect(text).toMatch(/- \[Quickstart\]\(https?:\/\/[^)]+\/docs\/quickstart\.md\): \S.+/);
  expect(baseURL).toBeTruthy();
});

test('/docs/quickstart.md is the page as Markdown, code included, setup resolved', async ({ request, page }) => {
  const res = await request.get('/docs/quickstart.md');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/markdown/);
  const md = await res.text();
  expect(md.startsWith('# Quickstart\n\n> ')).toBe(true);
  expect(md).not.toMatch(/^---$\n^title:/m); // no front matter
  expect(md).not.toMatch(/npm2yarn|hidden|nocheck|<Tabs|import Tabs/);

  // Every code block the reader sees on the page is in the Markdown, as written.
  await page.goto('/docs/quickstart');
  // Compared line by line without blank lines: the page renders each code line as its own element.
  const lines = (text: string) => text.split('\n').map((l) => l.trimEnd()).filter(Boolean).join('\n');
  // The types the page prints under `// ^?` lines and the expected errors are the site's rendering,
  // not code: the Markdown keeps the code and drops the markers (config/markdownExport.ts).
  await page.locator('article pre code .code-query, article pre code .code-completions, article pre code .code-error').evaluateAll((els) => els.forEach((e) => e.remove()));
  const blocks = await page.locator('article pre code').evaluateAll((codes) =>
    codes.filter((c) => !c.closest('[role="tabpanel"]')).map((c) => (c as HTMLElement).innerText),
  );
  expect(blocks.length).toBeGreaterThan(5);
  for (const block of blocks) expect(lines(md), block.slice(0, 60)).toContain(lines(block));
  expect(md).not.toMatch(/\/\/\s*\^[?|]|@errors:|---cut---/);
  // The npm command of the install tabs is kept.
  expect(md).toContain('```bash\nnpm install @trpc/server @trpc/client zod\n');
});

test('/llms-full.txt holds the current guides, robots.txt points at the sitemap', async ({ request }) => {
  const full = await (await request.get('/llms-full.txt')).text();
  expect(full).toContain('\n# Quickstart\n');
  expect(full).toContain('\n# Define routers\n');

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const sitemap = (await robots.text()).match(/^Sitemap: (\S+)$/m)?.[1];
  expect(sitemap).toMatch(/^https?:\/\/[^/]+\/sitemap\.xml$/);
  expect((await request.get(new URL(sitemap!).pathname)).status()).toBe(200);
});
