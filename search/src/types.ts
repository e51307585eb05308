/** The DocSearch record format (recordVersion v3), as the Docusaurus crawler template produces it. */

export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type Level = (typeof LEVELS)[number];
export type RecordType = Level | 'content';

export type Hierarchy = { lvl0: string; lvl1: string } & Record<'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6', string | null>;

export interface DocSearchRecord {
  objectID: string;
  hierarchy: Hierarchy;
  content: string | null;
  type: RecordType;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  language?: string;
  lang?: string;
  version?: string[];
  docusaurus_tag?: string;
  /**
   * What kind of page the record comes from (a custom record attribute, like the crawler's
   * `docsearch:*` meta variables): the ranking demotes migration guides, blog posts, site pages
   * and the generated reference below hand-written docs that match as well.
   */
  page_type?: PageType;
  /**
   * Searchable words that are not shown (the last searchable attribute, unordered): the API names
   * in the section's code blocks, which are not content. Absent when there are none.
   */
  keywords?: string;
  /**
   * Searchable words that are not shown, after keywords: on a page's title record, the page's meta
   * keywords (the readers' words for its subject, which its text may not use). Unlike keywords
   * they never add to the page weight, so they find a page without making it look more about a
   * word than a page whose text uses it. Absent when the page has none.
   */
  vocabulary?: string;
  weight: { pageRank: number; level: number; position: number };
}

export const PAGE_TYPES = ['docs', 'migration', 'blog', 'page', 'reference'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** What the indexer writes to disk and the server loads. */
export interface IndexFile {
  format: 'trpc-search-index';
  formatVersion: 1;
  createdAt: string;
  siteUrl: string;
  pages: number;
  records: DocSearchRecord[];
}
