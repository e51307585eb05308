import { expect, test } from '../support/test';
import { sitemapPaths } from '../support/sitemap';

// Markdown syntax that the compiler did not recognise reaches the reader as text: an admonition in a
// syntax the site's MDX options do not parse shows as ":::warning Title" in a paragraph. Each page's
// article is read from the served HTML (code blocks and inline code left out, where such text is
// content) and checked for the syntax that should have become markup.

/** The article's text outside code, one line per block element. */
function proseLines(html: string): string[] {
  const article = /<article[\s>][\s\S]*<\/article>/.exec(html)?.[0] ?? '';
  return article
    .replace(/<(script|style|pre|code)[\s>][\s\S]*?<\/\1>/g, ' ')
    .replace(/<\/?(?:p|div|li|h[1-6]|td|th|blockquote|summary|details|br)\b[^>]*>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Lines that hold Markdown syntax a reader should never see. */
function leakedSyntax(lines: string[]): string[] {
  return lines.filter(
    (l) =>
      /^:{3,}[a-z]*/.test(l) || // container directive (admonition) opening or closing fence
      /\{#[\w-]+\}\s*$/.test(l) || // explicit heading id
      /\]\((?:\/|https?:|\.\.?\/)[^)\s]*\)/.test(l) || // link that was not parsed
      /^#{1,6}\s/.test(l), // heading that was not parsed
  );
}

test('the sweep finds syntax that leaked into prose, and leaves code and plain text alone', () => {
  const html = (body: string) => `<html><body><article>${body}</article></body></html>`;
  expect(leakedSyntax(proseLines(html('<p>:::warning tRPC 9 is no longer maintained\nText</p><p>:::</p>')))).toEqual([
    ':::warning tRPC 9 is no longer maintained',
    ':::',
  ]);
  expect(leakedSyntax(proseLines(html('<h2>Options {#options}</h2><p>See [the guide](/docs/quickstart).</p>')))).toHaveLength(2);
  expect(
    leakedSyntax(proseLines(html('<p>Use <code>:::note</code> here.</p><pre><code>## not a heading\n:::tip\n</code></pre><p>Ratio 3:1 and a [bracket] (aside).</p>'))),
  ).toEqual([]);
});

test('no page shows unparsed Markdown (admonition fences, heading ids, links, headings) as text', async ({ request }) => {
  test.setTimeout(120_000);
  const paths = await sitemapPaths(request);
  expect(paths.length).toBeGreaterThan(200);
  const problems: string[] = [];
  let articles = 0;
  for (let i = 0; i < paths.length; i += 16) {
    const batch = paths.slice(i, i + 16);
    const pages = await Promise.all(batch.map(async (p) => [p, await (await request.get(p)).text()] as const));
    for (const [p, html] of pages) {
      const lines = proseLines(html);
      if (lines.length > 0) articles += 1;
      for (const line of leakedSyntax(lines)) problems.push(`${p}: ${line.slice(0, 100)}`);
    }
  }
  // The docs, the blog posts and the API reference are all articles; a change that renamed the
  // element would otherwise pass the sweep with nothing read.
  expect(articles, 'pages with an <article>').toBeGreaterThan(200);
  expect(problems).toEqual([]);
});
