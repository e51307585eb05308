/**
 * The fresh real-questions set (`real-questions-fresh.json`) is a second held-out set, built after the
 * first set's held-out half had been looked at by ranking work. It is only ever reported, never tuned
 * on, so it has no `half`. This module checks the file's shape without running any search:
 *
 *   - every query is a short search-box query, unique in the set, and not one of the earlier sets';
 *   - every source is a public https question URL (a tRPC repository thread or a Stack Overflow
 *     question), unique in the set and not used by real-questions.json;
 *   - every `expect` is a page of this site, found by mapping the site's markdown sources to their
 *     routes, and `version` agrees with the page's docs version.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RealQuestion, RealQuestionsFile } from './split.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const FRESH_QUESTIONS_FILE = path.join(HERE, 'real-questions-fresh.json');
export const SITE_DIR = path.join(HERE, '..', '..', 'site');

/** Where each docs version's sources live and the URL prefix Docusaurus serves them under. */
const DOCS_SOURCES: ReadonlyArray<{ dir: string; prefix: string; version?: string }> = [
  { dir: 'docs', prefix: '/docs' },
  { dir: 'versioned_docs/version-10.x', prefix: '/docs/v10', version: '10.x' },
  { dir: 'versioned_docs/version-9.x', prefix: '/docs/v9', version: '9.x' },
];

const ALLOWED_KEYS = new Set(['query', 'expect', 'version', 'source', 'question', 'also']);
const SOURCE_PATTERN =
  /^https:\/\/(github\.com\/trpc\/trpc\/(issues|pull|discussions)\/\d+|stackoverflow\.com\/questions\/\d+(\/[\w-]+)?)$/;
/** Any public thread: GitHub issues, pull requests and discussions of any project, or another https page. */
const PUBLIC_SOURCE_PATTERN = /^https:\/\/(github\.com\/[\w.-]+\/[\w.-]+\/(issues|pull|discussions)\/\d+|(?!github\.com\/)[\w.-]+\.[a-z]{2,}\/[^\s?#]+)$/;
const MAX_QUERY_WORDS = 8;

function frontMatter(text: string): Record<string, string> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  const fields: Record<string, string> = {};
  if (!match) return fields;
  for (const line of match[1]!.split(/\r?\n/)) {
    const field = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (field) fields[field[1]!] = field[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return fields;
}

function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Docusaurus ignores files and folders whose name starts with an underscore (partials).
    if (entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...markdownFiles(full));
    else if (/\.mdx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The route of one docs source file: `slug` wins, then `id`, then the file path. */
function docRoute(root: string, file: string, prefix: string): string {
  const fields = frontMatter(readFileSync(file, 'utf8'));
  const rel = path.relative(root, file).split(path.sep).join('/').replace(/\.mdx?$/, '');
  const dir = path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel);
  let route: string;
  if (fields.slug) {
    route = fields.slug.startsWith('/') ? fields.slug : path.posix.join('/', dir, fields.slug);
  } else {
    const base = fields.id ?? path.posix.basename(rel);
    route = base === 'index' ? `/${dir}` : path.posix.join('/', dir, base);
  }
  const joined = (prefix + route).replace(/\/+$/, '');
  return joined === '' ? '/' : joined;
}

/** The blog route of a post: `slug`, or Docusaurus's default /blog/YYYY/MM/DD/name from the file name. */
function blogRoute(file: string): string {
  const fields = frontMatter(readFileSync(file, 'utf8'));
  if (fields.slug) return path.posix.join('/blog', fields.slug);
  const name = path.basename(file).replace(/\.mdx?$/, '');
  const dated = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/.exec(name);
  return dated ? `/blog/${dated[1]}/${dated[2]}/${dated[3]}/${dated[4]}` : `/blog/${name}`;
}

/** Every docs and blog route the site's sources produce. */
export function siteRoutes(siteDir: string = SITE_DIR): Set<string> {
  const routes = new Set<string>();
  for (const { dir, prefix } of DOCS_SOURCES) {
    const root = path.join(siteDir, dir);
    for (const file of markdownFiles(root)) routes.add(docRoute(root, file, prefix));
  }
  for (const file of markdownFiles(path.join(siteDir, 'blog'))) routes.add(blogRoute(file));
  return routes;
}

/** The docs version a route belongs to (undefined for 11.x and the blog). */
export function routeVersion(route: string): string | undefined {
  return DOCS_SOURCES.find((s) => s.version && (route === s.prefix || route.startsWith(`${s.prefix}/`)))?.version;
}

/** Lower case, punctuation dropped, spaces collapsed: two queries equal here are the same query. */
export function normalizeQuery(query: string): string {
  return query
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function normalizeSource(source: string): string {
  return source.trim().toLowerCase().replace(/\/+$/, '');
}

export interface EarlierSets {
  /** Queries of real-questions.json and queries.json. */
  queries: string[];
  /** Sources of real-questions.json. */
  sources: string[];
}

/** Problems with the file, one line each; an empty list means the file is valid. */
export function checkFreshQuestions(
  file: RealQuestionsFile,
  routes: Set<string>,
  earlier: EarlierSets,
  /** `trpc`: tRPC repository threads and Stack Overflow only (the fresh held-out set); `public`: any public thread. */
  sources: 'trpc' | 'public' = 'trpc',
): string[] {
  const problems: string[] = [];
  if (typeof file.description !== 'string' || file.description.length < 40) {
    problems.push('description: say how the set was collected and that it was never tuned on');
  }
  if (typeof file.seed !== 'number') problems.push('seed: must be a number');
  if (!Array.isArray(file.queries)) return [...problems, 'queries: must be an array'];

  const earlierQueries = new Set(earlier.queries.map(normalizeQuery));
  const earlierSources = new Set(earlier.sources.map(normalizeSource));
  const seenQueries = new Map<string, number>();
  const seenSources = new Map<string, number>();

  file.queries.forEach((q: RealQuestion, i) => {
    const at = `queries[${i}] ${JSON.stringify(q.query)}`;
    for (const key of Object.keys(q)) {
      if (!ALLOWED_KEYS.has(key)) problems.push(`${at}: unexpected field "${key}"`);
    }
    if (typeof q.query !== 'string' || q.query.trim() === '' || q.query.trim() !== q.query) {
      problems.push(`${at}: query must be a non-empty, trimmed string`);
      return;
    }
    const words = q.query.split(/\s+/).length;
    if (words > MAX_QUERY_WORDS) problems.push(`${at}: ${words} words; a search-box query has at most ${MAX_QUERY_WORDS}`);
    const norm = normalizeQuery(q.query);
    if (seenQueries.has(norm)) problems.push(`${at}: duplicate query (same as queries[${seenQueries.get(norm)}])`);
    else seenQueries.set(norm, i);
    if (earlierQueries.has(norm)) problems.push(`${at}: query already in real-questions.json or queries.json`);

    if (typeof q.question !== 'string' || q.question.trim() === '') problems.push(`${at}: question (the title as asked) is missing`);

    if (typeof q.source !== 'string' || !(sources === 'trpc' ? SOURCE_PATTERN : PUBLIC_SOURCE_PATTERN).test(q.source)) {
      problems.push(
        `${at}: source ${JSON.stringify(q.source)} is not ${sources === 'trpc' ? 'an https tRPC repository thread or Stack Overflow question' : 'an https thread or page'} URL`,
      );
    } else {
      const src = normalizeSource(q.source);
      if (seenSources.has(src)) problems.push(`${at}: duplicate source (same as queries[${seenSources.get(src)}])`);
      else seenSources.set(src, i);
      if (earlierSources.has(src)) problems.push(`${at}: source already used in real-questions.json`);
    }

    if (typeof q.expect !== 'string' || !routes.has(q.expect)) {
      problems.push(`${at}: expect ${JSON.stringify(q.expect)} is not a docs or blog page of the site`);
    } else if (q.expect.startsWith('/blog/') && q.version !== undefined) {
      problems.push(`${at}: a blog post has no docs version`);
    } else if (routeVersion(q.expect) !== q.version) {
      problems.push(`${at}: version ${JSON.stringify(q.version)} does not match ${q.expect} (${routeVersion(q.expect) ?? '11.x, no version'})`);
    }
    // Judged alternatives: other pages of the reader's version (or blog posts) that answer as fully.
    const also: unknown = (q as { also?: unknown }).also;
    if (also !== undefined) {
      if (!Array.isArray(also) || also.length === 0) problems.push(`${at}: also must be a non-empty array of pages`);
      else {
        for (const page of also) {
          if (typeof page !== 'string' || !routes.has(page)) problems.push(`${at}: also ${JSON.stringify(page)} is not a docs or blog page of the site`);
          else if (page === q.expect) problems.push(`${at}: also repeats expect`);
          else if (!page.startsWith('/blog/') && routeVersion(page) !== q.version) problems.push(`${at}: also ${page} is not a page of the query's version`);
        }
      }
    }
  });
  return problems;
}
