/**
 * Built HTML → DocSearch records, read the way the DocSearch crawler's Docusaurus v3 template reads a
 * page:
 *   lvl0    last of `.menu__link.menu__link--sublist.menu__link--active, .navbar__item.navbar__link--active`
 *           (default "Documentation"; blog posts "Blog", other pages "Pages")
 *   lvl1    `header h1, article h1`
 *   lvl2-6  `article h2` … `article h6`
 *   content `article p, article li, article td:last-child`
 * plus the `docsearch:*` meta tags and DocSearch weights. Code blocks (`<pre>`), navigation,
 * article footers, buttons and tab labels are not content. Pages without an `<article>` (the landing
 * and pricing pages) are read from `<main>`.
 */
import { parse, type HTMLElement, type Node } from 'node-html-parser';
import type { DocSearchRecord, Hierarchy, Level, PageType, RecordType } from './types.ts';
import { LEVELS } from './types.ts';

export type PageKind = 'docs' | 'versioned-docs' | 'typedoc' | 'blog' | 'page';

export interface PageInput {
  html: string;
  /** URL path of the page, e.g. `/docs/server/routers`; used when the page has no canonical link. */
  pathname: string;
  /** Absolute origin the records point at, e.g. `http://localhost:3000`. */
  siteUrl: string;
}

export type PageResult =
  | {
      skipped: false;
      pathname: string;
      kind: PageKind;
      records: DocSearchRecord[];
      truncated: boolean;
      /** Path of the page the "Next" pagination link points to (the docs' reading order), if any. */
      next?: string;
    }
  | { skipped: true; pathname: string; reason: string };

/** The crawler rejects pages with more records than this; we keep the first ones and say so. */
export const MAX_RECORDS_PER_PAGE = 750;
/** Longest content kept for one record (characters). */
export const MAX_CONTENT_LENGTH = 10_000;

/**
 * Custom-ranking weight (`weight.pageRank`) of each kind of page. Hand-written docs of the current
 * version first; the generated API reference last, so that for the same words it never outranks a
 * guide. Versions never compete (the UIs filter on one version), so the gap only orders docs
 * against pages and blog posts when several kinds match equally.
 */
export const PAGE_RANK_BASE: Record<PageKind, number> = {
  docs: 50,
  'versioned-docs': 40,
  page: 30,
  blog: 20,
  typedoc: 10,
};

/**
 * A docs page's weight grows as it sits higher in the docs tree: `/docs/server/procedures` is the
 * general page, `/docs/client/nextjs/aborting-procedure-calls` a specific one. This only breaks ties
 * between records that match a query equally well (custom ranking comes last).
 */
export function pageRank(kind: PageKind, pathname: string, inSidebar = true): number {
  const base = PAGE_RANK_BASE[kind];
  if (kind !== 'docs' && kind !== 'versioned-docs') return base;
  // A docs page outside every sidebar (the landing page's intro steps) loses every tie.
  if (!inSidebar) return base - 5;
  const depth = pathname.replace(/^\/docs\/(v\d+\/)?/, '').split('/').filter(Boolean).length;
  return base + Math.max(0, Math.min(3, 4 - depth));
}

/**
 * Headings of navigation boilerplate: a list of links to other pages at the end of a page. Such a
 * section gets no records: each link text already has a page of its own (with that text as its
 * title), and a record per link would match every query that names a neighbouring page.
 */
export const NAVIGATION_HEADING = /^(related|related pages|related reading|see also|next steps?|what'?s next|read next|learn more)$/i;

/** A migration guide, by its path or its title. */
const MIGRATION_PATH = /\/(migrate|migrating|migration)[-/]|\/migrate-from-/;
const MIGRATION_TITLE = /^(migrate|migrating|migration)\b/i;

/**
 * The kind of page for the ranking (`page_type`): hand-written docs; migration guides; blog posts;
 * site pages (landing, pricing, media, and docs fragments outside every sidebar, which only the
 * landing page shows); the generated API reference.
 */
export function pageType(kind: PageKind, pathname: string, title: string, inSidebar: boolean): PageType {
  if (kind === 'typedoc') return 'reference';
  if (kind === 'blog') return 'blog';
  if (kind === 'page') return 'page';
  if (!inSidebar) return 'page';
  if (MIGRATION_PATH.test(pathname) || MIGRATION_TITLE.test(title)) return 'migration';
  return 'docs';
}

/**
 * The page's `<meta name="keywords">` (Docusaurus writes the front matter's `keywords` list joined
 * with commas): the words a reader types for what the page answers when the page does not say them.
 * At most this many entries are kept, each cut to MAX_META_KEYWORD_LENGTH characters, so a page
 * cannot grow its title record without bound.
 */
export const MAX_META_KEYWORDS = 16;
export const MAX_META_KEYWORD_LENGTH = 60;

/** The entries of a `<meta name="keywords">` content, trimmed, de-duplicated and bounded. */
export function metaKeywords(content: string | undefined): string[] {
  if (!content) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of content.split(',')) {
    const entry = cleanText(raw).slice(0, MAX_META_KEYWORD_LENGTH).trim();
    const key = entry.toLowerCase();
    if (!entry || seen.has(key)) continue;
    seen.add(key);
    out.push(entry);
    if (out.length >= MAX_META_KEYWORDS) break;
  }
  return out;
}

/** Most API names kept for one section's `keywords`. */
export const MAX_CODE_NAMES = 100;
const IDENTIFIER = /[A-Za-z_$][\w$]*/g;
/** camelCase / PascalCase with a hump (`protectedProcedure`, `TRPCError`), or a CONSTANT_NAME. */
const API_NAME = /[a-z0-9][A-Z]|[A-Z]{2}[a-z]|^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

/**
 * The API names in a code block: identifiers written in camel case, Pascal case with a hump or
 * as constants (`protectedProcedure`, `TRPCError`, `NOT_FOUND`), the words a reader types to find
 * them. Plain words (`const`, `router`, `input`) are left out: the prose around the code has them.
 */
export function codeNames(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(IDENTIFIER)) {
    const name = m[0].replace(/^[_$]+|[_$]+$/g, '');
    if (name.length >= 3 && name.length <= 60 && API_NAME.test(name)) out.push(name);
  }
  return out;
}

/** Section name given to every generated API reference page, so they group together in the modal. */
export const TYPEDOC_LVL0 = 'API Reference';

/** `pre` is kept as raw text (its markup unparsed): only the API names are read from it. */
const PARSE_OPTIONS = {
  comment: false,
  blockTextElements: { script: false, noscript: false, style: false, pre: true },
};

/** Elements whose whole subtree is never content. */
const SKIP_TAGS = new Set(['pre', 'script', 'style', 'noscript', 'svg', 'button', 'nav', 'template', 'iframe', 'select', 'textarea', 'form', 'img']);
/** Block elements that are not part of a list item's or cell's own text. */
const BLOCK_TAGS = new Set([
  'p', 'ul', 'ol', 'li', 'div', 'pre', 'table', 'blockquote', 'details', 'dl', 'section', 'article',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'footer', 'figure', 'hr',
]);
const SKIP_CLASSES = ['hash-link', 'theme-doc-toc-mobile', 'theme-doc-version-badge', 'theme-doc-footer', 'pagination-nav', 'sr-only'];
const HEADING_LEVEL: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

function tagOf(node: Node): string {
  return node.nodeType === 1 ? (node as HTMLElement).rawTagName.toLowerCase() : '';
}

function isElement(node: Node): node is HTMLElement {
  return node.nodeType === 1;
}

function cleanText(text: string): string {
  return text.replace(/[\u200b\u200c\u200d\ufeff]/g, '').replace(/\s+/g, ' ').trim();
}

function hasSkipClass(el: HTMLElement): boolean {
  const cls = el.getAttribute('class');
  if (!cls) return false;
  return SKIP_CLASSES.some((c) => cls.split(/\s+/).includes(c));
}

function isSkipped(el: HTMLElement, insideArticle: boolean): boolean {
  const tag = el.rawTagName.toLowerCase();
  if (SKIP_TAGS.has(tag)) return true;
  if (tag === 'footer' && insideArticle) return true;
  if (el.getAttribute('role') === 'tablist' || el.getAttribute('role') === 'tab') return true;
  if (el.getAttribute('aria-hidden') === 'true') return true;
  return hasSkipClass(el);
}

/** Text of an element without skipped subtrees; with `ownOnly`, without nested block elements. */
function textOf(el: HTMLElement, ownOnly: boolean): string {
  const parts: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeType === 3) {
      parts.push(node.text);
      return;
    }
    if (!isElement(node)) return;
    const tag = node.rawTagName.toLowerCase();
    if (tag === 'br') {
      parts.push(' ');
      return;
    }
    if (isSkipped(node, true)) return;
    if (ownOnly && BLOCK_TAGS.has(tag)) {
      parts.push(' ');
      return;
    }
    for (const child of node.childNodes) visit(child);
  };
  for (const child of el.childNodes) visit(child);
  return cleanText(parts.join(''));
}

function metaContent(root: HTMLElement, name: string): string | undefined {
  const el = root.querySelector(`meta[name="${name}"]`);
  const value = el?.getAttribute('content');
  return value === undefined ? undefined : value.trim();
}

/**
 * lvl0, after the template's `.menu__link.menu__link--sublist.menu__link--active,
 * .navbar__item.navbar__link--active`: the deepest active sidebar category; failing that, the
 * first active navbar item. (The template takes the last match of either; on this site every docs
 * navbar item is active on every doc, so the last one names an unrelated item.)
 */
function activeSectionTitle(root: HTMLElement): string {
  let sidebar = '';
  let navbar = '';
  const visit = (el: HTMLElement) => {
    const cls = el.getAttribute('class');
    if (cls) {
      const set = cls.split(/\s+/);
      if (set.includes('menu__link') && set.includes('menu__link--sublist') && set.includes('menu__link--active')) {
        sidebar = cleanText(el.text) || sidebar;
      } else if (!navbar && set.includes('navbar__item') && set.includes('navbar__link--active')) {
        navbar = cleanText(el.text);
      }
    }
    for (const child of el.childNodes) if (isElement(child)) visit(child);
  };
  visit(root);
  return sidebar || navbar;
}

function canonicalPath(root: HTMLElement, fallback: string): string {
  const href = root.querySelector('link[rel="canonical"]')?.getAttribute('href');
  if (href) {
    try {
      return new URL(href, 'http://placeholder.invalid').pathname;
    } catch {
      // fall through to the file path
    }
  }
  return fallback;
}

const LIST_PAGE_PATHS = [/^\/blog\/?$/, /^\/blog\/page\//, /^\/blog\/tags(\/|$)/, /^\/blog\/authors(\/|$)/, /^\/blog\/archive\/?$/, /^\/docs\/(.+\/)?tags(\/|$)/];

/** Why a page is not indexed, or null when it is. */
export function skipReason(root: HTMLElement, pathname: string): string | null {
  // The site's, and each older docs version's (/docs/v10/404.html).
  if (/(^|\/)404(\.html)?\/?$/.test(pathname)) return 'not-found page';
  if (/^\/search\/?$/.test(pathname)) return 'search page';
  const robots = metaContent(root, 'robots') ?? '';
  if (/noindex/i.test(robots)) return 'robots noindex';
  if (root.querySelector('meta[http-equiv="refresh"]')) return 'redirect page';
  const tag = metaContent(root, 'docsearch:docusaurus_tag');
  if (tag && tag !== 'default' && !tag.startsWith('docs-')) return `list page (${tag})`;
  if (LIST_PAGE_PATHS.some((re) => re.test(pathname))) return 'list page';
  const htmlClass = root.querySelector('html')?.getAttribute('class') ?? '';
  if (/\b(blog-list-page|blog-tags-|blog-authors-|blog-archive-page|docs-tags-|docs-generated-index-page)/.test(htmlClass)) {
    return 'list page';
  }
  return null;
}

export function pageKind(pathname: string, docusaurusTag: string | undefined, htmlClass: string): PageKind {
  const isDocs = (docusaurusTag ?? '').startsWith('docs-') || /\bdocs-doc-page\b/.test(htmlClass);
  if (isDocs) {
    if (/^\/docs\/(v\d+\/)?typedoc\//.test(pathname)) return 'typedoc';
    return /docs-version-current\b/.test(htmlClass) || (docusaurusTag ?? '').endsWith('-current') ? 'docs' : 'versioned-docs';
  }
  if (/\bblog-post-page\b/.test(htmlClass) || pathname.startsWith('/blog/')) return 'blog';
  return 'page';
}

function defaultSection(kind: PageKind): string {
  if (kind === 'blog') return 'Blog';
  if (kind === 'page') return 'Pages';
  return 'Documentation';
}

function pageTitle(root: HTMLElement): string {
  const title = cleanText(root.querySelector('title')?.text ?? '');
  const cut = title.lastIndexOf(' | ');
  return cut > 0 ? title.slice(0, cut) : title;
}

function emptyHierarchy(lvl0: string, lvl1: string): Hierarchy {
  return { lvl0, lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
}

/** Extracts the records of one built page. */
export function extractPage(input: PageInput): PageResult {
  const root = parse(input.html, PARSE_OPTIONS);
  const pathname = canonicalPath(root, input.pathname);
  const reason = skipReason(root, pathname);
  if (reason) return { skipped: true, pathname, reason };

  const htmlClass = root.querySelector('html')?.getAttribute('class') ?? '';
  const language = metaContent(root, 'docsearch:language');
  const versionMeta = metaContent(root, 'docsearch:version');
  const docusaurusTag = metaContent(root, 'docsearch:docusaurus_tag');
  const lang = root.querySelector('html')?.getAttribute('lang') || undefined;
  const kind = pageKind(pathname, docusaurusTag, htmlClass);

  const lvl0 = kind === 'typedoc' ? TYPEDOC_LVL0 : activeSectionTitle(root) || defaultSection(kind);
  const article = root.querySelector('article');
  const contentRoot = article ?? root.querySelector('main');
  if (!contentRoot) return { skipped: true, pathname, reason: 'no <article> or <main>' };

  const pageUrl = new URL(pathname, input.siteUrl).toString();
  const inSidebar = root.querySelector('.theme-doc-sidebar-container') !== null;
  const rank = pageRank(kind, pathname, inSidebar);
  const facets: Pick<DocSearchRecord, 'language' | 'lang' | 'version' | 'docusaurus_tag'> = {};
  if (language) facets.language = language;
  if (lang) facets.lang = lang;
  if (versionMeta) facets.version = versionMeta.split(',').map((v) => v.trim()).filter(Boolean);
  if (docusaurusTag) facets.docusaurus_tag = docusaurusTag;

  const records: DocSearchRecord[] = [];
  let truncated = false;
  let hierarchy = emptyHierarchy(lvl0, pageTitle(root) || pathname);
  let anchor: string | null = null;
  let kindOfPage: PageType = pageType(kind, pathname, hierarchy.lvl1, inSidebar);
  /** Level of the navigation heading whose section is being skipped, or 0. */
  let skipping = 0;
  /** API names of the code blocks of each section, by the index of the section's heading record. */
  const sectionNames = new Map<number, Set<string>>();
  let sectionRecord = -1;

  const push = (type: RecordType, content: string | null) => {
    if (records.length >= MAX_RECORDS_PER_PAGE) {
      truncated = true;
      return;
    }
    const position = records.length;
    const url = anchor ? `${pageUrl}#${anchor}` : pageUrl;
    const level = type === 'content' ? 0 : 100 - 10 * LEVELS.indexOf(type);
    records.push({
      objectID: `${position}-${pageUrl}`,
      hierarchy: { ...hierarchy },
      content,
      type,
      url,
      url_without_anchor: pageUrl,
      anchor,
      ...facets,
      page_type: kindOfPage,
      weight: { pageRank: rank, level, position },
    });
  };

  const onHeading = (el: HTMLElement, n: number) => {
    const text = textOf(el, false);
    if (!text) return;
    if (skipping > 0 && n > skipping) return;
    skipping = n > 1 && NAVIGATION_HEADING.test(text) ? n : 0;
    if (skipping > 0) return;
    const key = LEVELS[n] as Level;
    if (n === 1) {
      hierarchy = emptyHierarchy(lvl0, text);
      anchor = null;
      kindOfPage = pageType(kind, pathname, text, inSidebar);
    } else {
      hierarchy[key as 'lvl2'] = text;
      for (let deeper = n + 1; deeper <= 6; deeper++) hierarchy[LEVELS[deeper] as 'lvl2'] = null;
      anchor = el.getAttribute('id') || null;
    }
    push(key, null);
    sectionRecord = records.length - 1;
  };

  const onCode = (el: HTMLElement) => {
    if (skipping > 0 || sectionRecord < 0) return;
    let names = sectionNames.get(sectionRecord);
    if (!names) sectionNames.set(sectionRecord, (names = new Set()));
    for (const name of codeNames(el.rawText.replace(/<[^>]*>|&[#\w]+;/g, ' '))) {
      if (names.size >= MAX_CODE_NAMES) break;
      names.add(name);
    }
  };

  const onContent = (el: HTMLElement) => {
    if (skipping > 0) return;
    let text = textOf(el, true);
    if (!text) return;
    if (text.length > MAX_CONTENT_LENGTH) text = text.slice(0, MAX_CONTENT_LENGTH);
    push('content', text);
  };

  const walk = (el: HTMLElement) => {
    for (const child of el.childNodes) {
      if (!isElement(child)) continue;
      const tag = tagOf(child);
      if (tag === 'pre') onCode(child);
      if (isSkipped(child, article !== null)) continue;
      const level = HEADING_LEVEL[tag];
      if (level !== undefined) {
        onHeading(child, level);
        continue;
      }
      if (tag === 'p' || tag === 'li' || (tag === 'td' && isLastCell(child))) onContent(child);
      walk(child);
    }
  };

  // `header h1` outside the article (some page layouts) counts as lvl1 too.
  const outsideH1 = article ? root.querySelector('header h1') : null;
  const hasOutsideH1 = outsideH1 !== null && article !== null && !isInside(outsideH1, article);
  if (hasOutsideH1) onHeading(outsideH1, 1);
  // A page without any h1 (a landing page) still gets a title record, from <title>.
  if (!hasOutsideH1 && !contentRoot.querySelector('h1')) push('lvl1', null);
  sectionRecord = records.length - 1;
  walk(contentRoot);
  for (const [at, names] of sectionNames) if (names.size > 0) records[at]!.keywords = [...names].join(' ');
  // Page-level matching: the page's title record also holds its description and the headings of
  // its sections (keywords), so a query whose words are spread over the page's sections finds the
  // page, and its meta keywords (vocabulary: the readers' words for its subject), so a query that
  // names the subject in other words finds it too. Not for the generated API reference: a heading
  // per symbol is an inventory, not a summary.
  const title = records.find((r) => r.type === 'lvl1');
  if (title && kind !== 'typedoc') {
    const headings = records.filter((r) => r.type !== 'lvl1' && r.type !== 'content').map((r) => r.hierarchy[r.type as 'lvl2']!);
    const page = [metaContent(root, 'description') ?? '', ...new Set(headings), title.keywords ?? ''].filter(Boolean).join(' · ');
    if (page) title.keywords = page;
    const vocabulary = metaKeywords(metaContent(root, 'keywords'));
    if (vocabulary.length > 0) title.vocabulary = vocabulary.join(' · ');
  }

  const nextHref = root.querySelector('a.pagination-nav__link--next')?.getAttribute('href');
  let next: string | undefined;
  if (nextHref) {
    try {
      next = new URL(nextHref, pageUrl).pathname.replace(/\/$/, '') || '/';
    } catch {
      next = undefined;
    }
  }
  return { skipped: false, pathname, kind, records, truncated, ...(next ? { next } : {}) };
}

function isLastCell(td: HTMLElement): boolean {
  const parent = td.parentNode;
  if (!parent) return true;
  const cells = parent.childNodes.filter(isElement);
  return cells[cells.length - 1] === td;
}

function isInside(el: HTMLElement, ancestor: HTMLElement): boolean {
  for (let p: HTMLElement | null = el.parentNode; p; p = p.parentNode) if (p === ancestor) return true;
  return false;
}
