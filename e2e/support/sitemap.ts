import type { APIRequestContext } from '@playwright/test';

/** Every path in the build's sitemap, in order. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  if (!response.ok()) throw new Error(`the build has no sitemap (${response.status()})`);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).sort();
}

/** The paths whose HTML contains a Markdown table in the page's article. */
export async function pathsWithTables(request: APIRequestContext, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < paths.length; i += 16) {
    const batch = paths.slice(i, i + 16);
    const pages = await Promise.all(batch.map(async (p) => [p, await (await request.get(p)).text()] as const));
    for (const [p, html] of pages) if (/<table[\s>]/.test(html)) found.push(p);
  }
  return found;
}
