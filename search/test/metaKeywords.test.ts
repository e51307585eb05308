import { describe, expect, it } from 'vitest';
import { extractPage, MAX_META_KEYWORD_LENGTH, MAX_META_KEYWORDS, metaKeywords } from '../src/records.ts';
import type { DocSearchRecord } from '../src/types.ts';
import { engineFor, search, SITE, urls } from './helpers.ts';

/** A current-version docs page as the build writes it: docsearch meta tags, a sidebar, an article. */
function docsPage(opts: { path: string; title: string; description: string; keywords?: string; body: string }): string {
  const keywords = opts.keywords === undefined ? '' : `<meta name="keywords" content="${opts.keywords}">`;
  return `<!doctype html><html lang="en" class="docs-wrapper plugin-docs docs-version-current docs-doc-page"><head>
<title>${opts.title} | tRPC</title>
<meta name="docsearch:language" content="en"><meta name="docsearch:version" content="current">
<meta name="docsearch:docusaurus_tag" content="docs-default-current">
<meta name="description" content="${opts.description}">${keywords}
<link rel="canonical" href="${SITE}${opts.path}"></head><body>
<nav class="navbar"><a class="navbar__item navbar__link navbar__link--active" href="/docs/">Docs</a></nav>
<div class="theme-doc-sidebar-container"></div>
<main><article><header><h1>${opts.title}</h1></header>${opts.body}</article></main></body></html>`;
}

function recordsOf(html: string, pathname: string): DocSearchRecord[] {
  const result = extractPage({ html, pathname, siteUrl: SITE });
  if (result.skipped) throw new Error(`unexpectedly skipped: ${result.reason}`);
  return result.records;
}

const validators = docsPage({
  path: '/docs/server/validators',
  title: 'Input and output validators',
  description: 'Check what a procedure receives with a zod or valibot schema.',
  keywords: 'DTO,request body validation,Unexpected token in JSON',
  body: '<h2 id="zod">Validate with zod</h2><p>Pass a schema as the input and the resolver receives parsed data.</p>',
});

const pages = () => [
  ...recordsOf(validators, '/docs/server/validators'),
  ...recordsOf(
    docsPage({
      path: '/docs/server/dto-notes',
      title: 'Notes',
      description: 'Assorted notes.',
      body: '<h2 id="shapes">Shapes</h2><p>A DTO here is the plain object a procedure returns.</p>',
    }),
    '/docs/server/dto-notes',
  ),
  ...recordsOf(
    docsPage({
      path: '/docs/server/body',
      title: 'Request body',
      description: 'How the body of a request is read.',
      body: '<p>The adapter reads the body once.</p>',
    }),
    '/docs/server/body',
  ),
];

describe('meta keywords', () => {
  it("puts the page's meta keywords on its title record (vocabulary), not in its text or keywords", () => {
    const rs = recordsOf(validators, '/docs/server/validators');
    const title = rs.find((r) => r.type === 'lvl1')!;
    expect(title.vocabulary).toBe('DTO · request body validation · Unexpected token in JSON');
    expect(title.keywords).toBe('Check what a procedure receives with a zod or valibot schema. · Validate with zod');
    expect(rs.some((r) => (r.content ?? '').includes('DTO'))).toBe(false);
    expect(rs.filter((r) => r.type !== 'lvl1').every((r) => r.vocabulary === undefined)).toBe(true);
  });

  it('gives a page without meta keywords no vocabulary', () => {
    const rs = recordsOf(validators.replace(/<meta name="keywords"[^>]*>/, ''), '/docs/server/validators');
    expect(rs.every((r) => r.vocabulary === undefined)).toBe(true);
  });

  it('finds a page by a keyword its text never uses', () => {
    const e = engineFor(pages());
    const res = search(e, { query: 'unexpected token' });
    expect(urls(res)[0]).toBe('/docs/server/validators');
    // Searchable, never shown.
    expect(res.hits[0]).not.toHaveProperty('vocabulary');
  });

  it('never ranks a keyword above a page whose title has the word', () => {
    const e = engineFor(pages());
    // "request body" is the body page's title and only a keyword of the validators page.
    expect(urls(search(e, { query: 'request body' }))[0]).toBe('/docs/server/body');
  });

  it('counts a keyword as a title word: the page naming it as its subject ranks above pages whose text mentions it', () => {
    const e = engineFor(pages());
    // "DTO" is in the notes page's text and only in the validators page's keywords.
    expect(urls(search(e, { query: 'dto' })).map((u) => u.replace(/#.*/, ''))).toEqual(['/docs/server/validators', '/docs/server/dto-notes']);
    const sections = Array.from({ length: 30 }, (_, i) => `<h2 id="s${i}">Part ${i}</h2><p>Some words about part ${i}.</p>`).join('');
    const long = docsPage({
      path: '/docs/server/guide',
      title: 'Guide',
      description: 'A long guide.',
      body: `${sections}<p>Return a DTO from the resolver.</p>`,
    });
    const e2 = engineFor([...recordsOf(validators, '/docs/server/validators'), ...recordsOf(long, '/docs/server/guide')]);
    expect(urls(search(e2, { query: 'dto' })).map((u) => u.replace(/#.*/, ''))).toEqual(['/docs/server/validators', '/docs/server/guide']);
  });

  it('does not count a blog post\'s keywords as title words', () => {
    const post = docsPage({ path: '/blog/dto', title: 'A post', description: 'News.', keywords: 'DTO', body: '<p>Nothing else.</p>' })
      .replace('docs-wrapper plugin-docs docs-version-current docs-doc-page', 'blog-wrapper blog-post-page')
      .replace('docs-default-current', 'default');
    const e = engineFor([...recordsOf(post, '/blog/dto'), ...pages()]);
    const order = urls(search(e, { query: 'dto', facetFilters: [] })).map((u) => u.replace(/#.*/, ''));
    expect(order.indexOf('/docs/server/dto-notes')).toBeLessThan(order.indexOf('/blog/dto'));
  });

  it('gives the generated API reference none (its title record keeps only its own names)', () => {
    const html = validators
      .replace('docs-doc-page', 'docs-doc-page docs-doc-id-typedoc/server')
      .replace(`${SITE}/docs/server/validators`, `${SITE}/docs/typedoc/server`);
    const rs = recordsOf(html, '/docs/typedoc/server');
    expect(rs.every((r) => r.vocabulary === undefined && !(r.keywords ?? '').includes('DTO'))).toBe(true);
  });
});

describe('metaKeywords', () => {
  it('splits on commas, trims, drops empty and repeated entries', () => {
    expect(metaKeywords(' CORS , 401,,cors, auth  header ')).toEqual(['CORS', '401', 'auth header']);
    expect(metaKeywords(undefined)).toEqual([]);
    expect(metaKeywords('')).toEqual([]);
  });

  it(`keeps at most ${MAX_META_KEYWORDS} entries of at most ${MAX_META_KEYWORD_LENGTH} characters`, () => {
    const many = Array.from({ length: 100 }, (_, i) => `word${i} ${'x'.repeat(200)}`).join(',');
    const kept = metaKeywords(many);
    expect(kept).toHaveLength(MAX_META_KEYWORDS);
    expect(Math.max(...kept.map((k) => k.length))).toBe(MAX_META_KEYWORD_LENGTH);
    expect(kept[0]!.startsWith('word0 ')).toBe(true);
  });

  it("bounds the title record's keywords however long the page's meta keywords are", () => {
    const huge = Array.from({ length: 5000 }, (_, i) => `term${i}`).join(',');
    const rs = recordsOf(validators.replace('DTO,request body validation,Unexpected token in JSON', huge), '/docs/server/validators');
    const title = rs.find((r) => r.type === 'lvl1')!;
    expect(title.vocabulary!.split(' · ')).toEqual(Array.from({ length: MAX_META_KEYWORDS }, (_, i) => `term${i}`));
    const long = Array.from({ length: 5000 }, (_, i) => `${i}${'y'.repeat(500)}`).join(',');
    const bounded = recordsOf(validators.replace('DTO,request body validation,Unexpected token in JSON', long), '/docs/server/validators');
    expect(bounded.find((r) => r.type === 'lvl1')!.vocabulary!.length).toBeLessThanOrEqual(MAX_META_KEYWORDS * (MAX_META_KEYWORD_LENGTH + 3));
  });
});
