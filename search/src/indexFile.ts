/**
 * Reading a build folder into an index file, writing it atomically, and loading it back with
 * validation that names what is wrong.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { extractPage, type PageKind } from './records.ts';
import type { DocSearchRecord, IndexFile } from './types.ts';
import { LEVELS, PAGE_TYPES } from './types.ts';

export class IndexFileError extends Error {}

async function listHtmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const visit = async (d: string) => {
    const entries = await fs.readdir(d, { withFileTypes: true });
    for (const entry of entries) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) await visit(full);
      else if (entry.isFile() && entry.name.endsWith('.html')) out.push(full);
    }
  };
  await visit(dir);
  return out.sort();
}

/** `docs/server/routers/index.html` → `/docs/server/routers`, `index.html` → `/`. */
export function pathnameForFile(buildDir: string, file: string): string {
  const rel = path.relative(buildDir, file).split(path.sep).join('/');
  let p = '/' + rel;
  if (p.endsWith('/index.html')) p = p.slice(0, -'index.html'.length);
  else if (p.endsWith('.html')) p = p.slice(0, -'.html'.length);
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

/** Room for the records of one page in `weight.position` (more than MAX_RECORDS_PER_PAGE). */
export const PAGE_POSITIONS = 1000;

/**
 * Each page's place in the docs' reading order: the chains of "Next" pagination links, from the
 * page no other page points to, in file order; pages in no chain come after, in file order.
 * `weight.position` becomes place * PAGE_POSITIONS + the record's place in its page, so the
 * custom ranking's last criterion (asc position) puts the page that comes first in the docs (the
 * introduction of a topic) before a later one when everything else ties.
 */
export function readingOrder(pages: { pathname: string; next?: string }[]): Map<string, number> {
  const known = new Set(pages.map((p) => p.pathname));
  const nextOf = new Map(pages.filter((p) => p.next && known.has(p.next)).map((p) => [p.pathname, p.next!]));
  const pointedAt = new Set(nextOf.values());
  const order = new Map<string, number>();
  for (const page of pages) {
    if (pointedAt.has(page.pathname) || !nextOf.has(page.pathname)) continue;
    for (let cur: string | undefined = page.pathname; cur !== undefined && !order.has(cur); cur = nextOf.get(cur)) {
      order.set(cur, order.size);
    }
  }
  for (const page of pages) if (!order.has(page.pathname)) order.set(page.pathname, order.size);
  return order;
}

export interface BuildSummary {
  index: IndexFile;
  indexed: number;
  skipped: { pathname: string; reason: string }[];
  truncated: string[];
  byKind: Record<PageKind, number>;
}

export async function buildIndex(buildDir: string, siteUrl: string): Promise<BuildSummary> {
  let stat;
  try {
    stat = await fs.stat(buildDir);
  } catch {
    throw new IndexFileError(`Build folder ${buildDir} does not exist. Build the site first (npm run build at the repo root).`);
  }
  if (!stat.isDirectory()) throw new IndexFileError(`${buildDir} is not a folder.`);
  const files = await listHtmlFiles(buildDir);
  if (files.length === 0) throw new IndexFileError(`No .html files under ${buildDir}: is the build empty (a failed build leaves it so)?`);

  const pages: { pathname: string; next?: string; records: DocSearchRecord[] }[] = [];
  const skipped: BuildSummary['skipped'] = [];
  const truncated: string[] = [];
  const byKind: Record<PageKind, number> = { docs: 0, 'versioned-docs': 0, typedoc: 0, blog: 0, page: 0 };
  const seenPages = new Set<string>();
  for (const file of files) {
    const html = await fs.readFile(file, 'utf8');
    const result = extractPage({ html, pathname: pathnameForFile(buildDir, file), siteUrl });
    if (result.skipped) {
      skipped.push({ pathname: result.pathname, reason: result.reason });
      continue;
    }
    // Docusaurus can emit the same route twice (e.g. `x.html` and `x/index.html`); keep the first.
    if (seenPages.has(result.pathname)) {
      skipped.push({ pathname: result.pathname, reason: 'duplicate of an indexed page' });
      continue;
    }
    seenPages.add(result.pathname);
    byKind[result.kind] += 1;
    if (result.truncated) truncated.push(result.pathname);
    pages.push({ pathname: result.pathname, next: result.next, records: result.records });
  }
  const order = readingOrder(pages);
  const records: DocSearchRecord[] = [];
  for (const page of pages) {
    const place = order.get(page.pathname)!;
    for (const r of page.records) r.weight.position = place * PAGE_POSITIONS + r.weight.position;
    records.push(...page.records);
  }
  const index: IndexFile = {
    format: 'trpc-search-index',
    formatVersion: 1,
    createdAt: new Date().toISOString(),
    siteUrl,
    pages: seenPages.size,
    records,
  };
  return { index, indexed: seenPages.size, skipped, truncated, byKind };
}

/** Writes to a temporary file in the same folder, then renames: readers never see half a file. */
export async function writeIndexAtomic(file: string, index: IndexFile): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(tmp, JSON.stringify(index));
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

function fail(file: string, what: string): never {
  throw new IndexFileError(`Index file ${file} is not valid: ${what}. Rebuild it with the index command.`);
}

function isAbsoluteUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** Checks the shape the engine and the UIs rely on; returns the first problem found. */
export function validateRecord(r: unknown, i: number): string | null {
  if (typeof r !== 'object' || r === null) return `record ${i} is not an object`;
  const rec = r as Record<string, unknown>;
  if (typeof rec.objectID !== 'string' || rec.objectID === '') return `record ${i} has no objectID`;
  if (!isAbsoluteUrl(rec.url)) return `record ${i} (${rec.objectID}) has no absolute url`;
  if (!isAbsoluteUrl(rec.url_without_anchor)) return `record ${i} (${rec.objectID}) has no absolute url_without_anchor`;
  const h = rec.hierarchy as Record<string, unknown> | undefined;
  if (typeof h !== 'object' || h === null) return `record ${i} (${rec.objectID}) has no hierarchy`;
  for (const level of LEVELS) {
    const v = h[level];
    if (v !== undefined && v !== null && typeof v !== 'string') return `record ${i} (${rec.objectID}) has a bad hierarchy.${level}`;
  }
  if (typeof h.lvl0 !== 'string' || typeof h.lvl1 !== 'string') return `record ${i} (${rec.objectID}) lacks hierarchy.lvl0/lvl1`;
  if (rec.content !== null && typeof rec.content !== 'string') return `record ${i} (${rec.objectID}) has a bad content`;
  if (typeof rec.type !== 'string' || !(rec.type === 'content' || (LEVELS as readonly string[]).includes(rec.type))) {
    return `record ${i} (${rec.objectID}) has a bad type`;
  }
  const w = rec.weight as Record<string, unknown> | undefined;
  if (typeof w !== 'object' || w === null || !['pageRank', 'level', 'position'].every((k) => Number.isFinite(w[k]))) {
    return `record ${i} (${rec.objectID}) has a bad weight`;
  }
  if (rec.version !== undefined && !(Array.isArray(rec.version) && rec.version.every((v) => typeof v === 'string'))) {
    return `record ${i} (${rec.objectID}) has a bad version`;
  }
  for (const key of ['language', 'lang', 'docusaurus_tag'] as const) {
    if (rec[key] !== undefined && typeof rec[key] !== 'string') return `record ${i} (${rec.objectID}) has a bad ${key}`;
  }
  if (rec.keywords !== undefined && typeof rec.keywords !== 'string') return `record ${i} (${rec.objectID}) has a bad keywords`;
  if (rec.vocabulary !== undefined && typeof rec.vocabulary !== 'string') return `record ${i} (${rec.objectID}) has a bad vocabulary`;
  if (rec.page_type !== undefined && !(PAGE_TYPES as readonly unknown[]).includes(rec.page_type)) {
    return `record ${i} (${rec.objectID}) has a bad page_type`;
  }
  return null;
}

export async function loadIndexFile(file: string): Promise<IndexFile> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new IndexFileError(`Index file ${file} not found. Build the site, then run the index command (npm run index -w search).`);
    }
    throw new IndexFileError(`Cannot read index file ${file}: ${code ?? String(err)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    fail(file, 'it is not JSON (truncated or corrupt?)');
  }
  const obj = data as Partial<IndexFile> | null;
  if (typeof obj !== 'object' || obj === null || obj.format !== 'trpc-search-index') fail(file, 'it is not a search index');
  if (obj.formatVersion !== 1) fail(file, `format version ${String(obj.formatVersion)} is not supported (expected 1)`);
  if (!Array.isArray(obj.records)) fail(file, 'it has no records array');
  const ids = new Set<string>();
  obj.records.forEach((r, i) => {
    const problem = validateRecord(r, i);
    if (problem) fail(file, problem);
    if (ids.has(r.objectID)) fail(file, `duplicate objectID ${r.objectID}`);
    ids.add(r.objectID);
    for (const level of LEVELS) if (r.hierarchy[level] === undefined) (r.hierarchy as Record<string, string | null>)[level] = null;
  });
  return obj as IndexFile;
}
