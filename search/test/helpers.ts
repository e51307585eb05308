import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine, type SearchResponse } from '../src/engine.ts';
import { parseSearchParams } from '../src/params.ts';
import { SearchIndex } from '../src/searchIndex.ts';
import type { DocSearchRecord, Hierarchy, PageType, RecordType } from '../src/types.ts';

export const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURE_BUILD = path.join(TEST_DIR, 'fixtures', 'build');
export const SITE = 'http://localhost:3000';

let counter = 0;

/** A DocSearch record with sensible defaults; `page` and `anchor` build the URLs. */
export function rec(fields: {
  page?: string;
  anchor?: string | null;
  type?: RecordType;
  h?: Partial<Hierarchy>;
  content?: string | null;
  tag?: string;
  version?: string[];
  language?: string;
  pageRank?: number;
  position?: number;
  pageType?: PageType;
}): DocSearchRecord {
  const page = `${SITE}${fields.page ?? '/docs/page'}`;
  const anchor = fields.anchor ?? null;
  const type = fields.type ?? (fields.content ? 'content' : 'lvl1');
  const hierarchy: Hierarchy = {
    lvl0: 'Documentation',
    lvl1: 'Page',
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
    ...fields.h,
  };
  const position = fields.position ?? counter;
  counter += 1;
  return {
    objectID: `${counter}-${page}`,
    hierarchy,
    content: fields.content ?? null,
    type,
    url: anchor ? `${page}#${anchor}` : page,
    url_without_anchor: page,
    anchor,
    language: fields.language ?? 'en',
    version: fields.version ?? ['current'],
    docusaurus_tag: fields.tag ?? 'docs-default-current',
    ...(fields.pageType ? { page_type: fields.pageType } : {}),
    weight: { pageRank: fields.pageRank ?? 5, level: type === 'content' ? 0 : 100 - 10 * Number(type.slice(3)), position },
  };
}

export function engineFor(records: DocSearchRecord[], name = 'trpc-docs'): Engine {
  return new Engine(new SearchIndex(records), name);
}

export function search(engine: Engine, params: Record<string, unknown>): SearchResponse {
  return engine.search(parseSearchParams(params));
}

export type Hit = Record<string, any>;

export function urls(res: SearchResponse): string[] {
  return res.hits.map((h) => String(h.url).replace(SITE, ''));
}
