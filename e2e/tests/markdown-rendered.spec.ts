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

/** The page's <title>, og:title and twitter:title, as a browser or a link preview shows them. */
function titles(html: string): string[] {
  const decode = (t: string) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
  const metas = [...html.matchAll(/<meta[^>]+(?:property|name)="(?:og|twitter):title"[^>]+content="([^"]*)"/g)].map((m) => m[1]);
  return [title, ...metas].filter((t): t is string => t !== undefined).map(decode);
}

/** Markdown marks in a title: escapes (`\<`), emphasis (`*extends*`), code marks. */
const markdownInTitle = (t: string) => /\\[<>_*`{}[\]]|\*\w[^*]*\*|`/.test(t);

test('the sweep finds syntax that leaked into prose, and leaves code and plain text alone', () => {
  expect(titles('<title>Class: TRPCClientError\\&lt;T *extends* X\\&gt; | tRPC</title><meta property="og:title" content="A">').map(markdownInTitle)).toEqual([true, false]);
  expect(markdownInTitle('Class: TRPCClientError<T extends X> | tRPC')).toBe(false);
  expect(markdownInTitle('useQuery() and 2 * 3 | tRPC')).toBe(false);
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

test('no page shows unparsed Markdown (admonition fences, heading ids, links, headings) as text, nor in its title', async ({ request }) => {
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
      for (const title of titles(html).filter(markdownInTitle)) problems.push(`${p}: title "${title}"`);
    }
  }
  // The docs, the blog posts and the API reference are all articles; a change that renamed the
  // element would otherwise pass the sweep with nothing read.
  expect(articles, 'pages with an <article>').toBeGreaterThan(200);
  expect(problems).toEqual([]);
});
