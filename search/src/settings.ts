/**
 * Index settings: the values the DocSearch crawler's Docusaurus template sets on an Algolia index.
 * A request can override every search-time setting; these apply when it does not (the Docusaurus
 * `/search` page, for one, sends no highlight tags or snippet settings and relies on them).
 */

import type { PageType } from './types.ts';

export type TypoTolerance = boolean | 'min' | 'strict';
export type RemoveWordsIfNoResults = 'none' | 'lastWords' | 'firstWords' | 'allOptional';
export type QueryType = 'prefixLast' | 'prefixAll' | 'prefixNone';

export interface SearchSettings {
  attributesToRetrieve: string[];
  attributesToHighlight: string[];
  attributesToSnippet: string[];
  highlightPreTag: string;
  highlightPostTag: string;
  snippetEllipsisText: string;
  hitsPerPage: number;
  typoTolerance: TypoTolerance;
  minWordSizefor1Typo: number;
  minWordSizefor2Typos: number;
  allowTyposOnNumericTokens: boolean;
  ignorePlurals: boolean;
  advancedSyntax: boolean;
  removeWordsIfNoResults: RemoveWordsIfNoResults;
  queryType: QueryType;
  /** 0 = off; N = keep at most N records per `url`. */
  distinct: number;
  /** Algolia's removeStopWords: false, true (every supported language) or language codes. Only `en` has a list. */
  removeStopWords: boolean | string[];
}

export const TEMPLATE_SETTINGS: Readonly<SearchSettings> = Object.freeze({
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
  highlightPostTag: '</span>',
  snippetEllipsisText: '…',
  hitsPerPage: 20,
  typoTolerance: true,
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
  allowTyposOnNumericTokens: false,
  ignorePlurals: true,
  advancedSyntax: true,
  removeWordsIfNoResults: 'allOptional',
  queryType: 'prefixLast',
  distinct: 1,
  // Not in the template (Algolia's default is false): readers type questions ("how do I …"), and
  // the question words would otherwise count as words to match, ahead of the words that matter.
  removeStopWords: ['en'],
});

/**
 * English stop words for removeStopWords: question and function words that say nothing about
 * the topic. Kept short on purpose: words that carry meaning in docs queries (not, without, all,
 * use, get, set, new, first) are not in it. Quoted words are never removed, nor is a query made
 * only of stop words.
 */
export const STOP_WORDS_EN: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'how', 'do', 'does', 'did', 'i', 'can', 'could', 'to', 'with', 'in', 'of', 'for', 'is', 'are',
  'was', 'be', 'what', 'which', 'when', 'why', 'where', 'my', 'me', 'we', 'you', 'your', 'it', 'its', 'on', 'from',
  'and', 'or', 'should', 'would', 'this', 'that', 'there', 'at', 'by', 'as', 'into',
  // Negated auxiliaries once the query parser has dropped their clitic (doesn't → doesn): a
  // question's "doesn't work" describes the symptom, and the docs rarely write the word.
  'doesn', 'don', 'didn', 'isn', 'aren', 'wasn', 'weren', 'hasn', 'haven', 'hadn', 'couldn', 'shouldn', 'wouldn', 'won',
]);

/**
 * Words of this index that say nothing about the topic, removed with the stop words: the product's
 * own name, which nearly every page carries ("trpc routers" is a question about routers), and the
 * words for documentation itself ("createCallerFactory docs": every page is docs, and the page that
 * teaches a name rarely says "docs"). Camel-case names that contain them (`TRPCError`, `initTRPC`)
 * are single words and stay.
 */
export const INDEX_STOP_WORDS: ReadonlySet<string> = new Set(['trpc', 'docs', 'documentation']);

/**
 * Kinds of page ranked after hand-written docs that match as many query words (`page_type`), by
 * tier: a higher tier ranks lower. Algolia would do this with rules adding `optionalFilters` on
 * `page_type` (a rule can be conditioned on the query); here it is an index setting that feeds
 * the `filters` criterion (after `words` and `typo`), so it never outweighs a better word match,
 * only an equal one.
 *   migration guides and blog posts: tier 1, unless a query word asks for them;
 *   site pages (landing, pricing, media): tier 2;
 *   the generated API reference: tier 3.
 */
export interface PageTypeDemotion {
  type: PageType;
  tier: number;
  /** The demotion is lifted when a query word matches this. */
  unlessWord?: RegExp;
  /**
   * When the page's title counts for the page-title prior while the demotion holds: never (the
   * default), or only when the query names the whole title (`whole`). A site page's title is its
   * topic when short (Pricing) and a slogan when long (the landing page's); a migration guide's or
   * blog post's title names an event (Migrate from v10 to v11, Announcing …) and an API reference
   * page's a symbol, so their titles say nothing about being the page for a topic, unless the
   * query asks for that kind of page.
   */
  titleCounts?: 'whole';
}

/** Query words that ask for a migration guide. */
export const MIGRATION_WORDS = /^(migrat\w*|upgrad\w*|breaking|deprecat\w*)$/;
/** Query words that ask for news (blog posts). */
export const NEWS_WORDS = /^(news|blog|announc\w*|introduc\w*|release[sd]?|changelog|roadmap)$/;

export const PAGE_TYPE_DEMOTIONS: readonly PageTypeDemotion[] = [
  { type: 'migration', tier: 1, unlessWord: MIGRATION_WORDS },
  { type: 'blog', tier: 1, unlessWord: NEWS_WORDS },
  { type: 'page', tier: 2, titleCounts: 'whole' },
  { type: 'reference', tier: 3 },
];

/** Tiers of the `filters` criterion; a tier must be below this. */
export const FILTER_TIERS = 4;

/** page_type of records indexed before the field existed, from their URL. */
export const PAGE_TYPE_BY_PATH: readonly [RegExp, PageType][] = [
  [/^\/docs\/(v\d+\/)?typedoc\//, 'reference'],
  [/^\/blog\//, 'blog'],
];

/** `attributesForFaceting` of the template. Filters on any other attribute match nothing. */
export const FACET_ATTRIBUTES = ['type', 'lang', 'language', 'version', 'docusaurus_tag'] as const;

/** `searchableAttributes`: unordered(hierarchy.lvl0) … unordered(hierarchy.lvl6), then content (ordered). */
export const SEARCHABLE_ATTRIBUTES = [
  'hierarchy.lvl0',
  'hierarchy.lvl1',
  'hierarchy.lvl2',
  'hierarchy.lvl3',
  'hierarchy.lvl4',
  'hierarchy.lvl5',
  'hierarchy.lvl6',
  'content',
] as const;
export const CONTENT_ATTRIBUTE = 7;
/**
 * `keywords`, searchable after `content` (unordered) and never shown: words that find a record
 * without being its text (the API names of a section's code blocks). As its own attribute after
 * content it can add a matched word, but ranks below every heading or text match of the same words.
 */
export const KEYWORDS_ATTRIBUTE = 8;
/**
 * `vocabulary`, searchable after `keywords` (unordered) and never shown: a page's meta keywords,
 * on its title record. The weakest attribute, and a word found only there does not count towards
 * the page weight.
 */
export const VOCABULARY_ATTRIBUTE = 9;
/** Searchable attributes the engine indexes: SEARCHABLE_ATTRIBUTES, then keywords, then vocabulary. */
export const ATTRIBUTE_COUNT = 10;

export const LIMITS = {
  /** "Each parameter value, including the query, must not be larger than 512 bytes." */
  queryBytes: 512,
  maxHitsPerPage: 1000,
  paginationLimitedTo: 1000,
  maxValuesPerFacet: 100,
  /** Query words considered for matching; further words are ignored. */
  maxQueryWords: 10,
  maxFilters: 100,
  maxListEntries: 100,
  /**
   * highlightPreTag / highlightPostTag: real clients send `<mark>` or the template's 52-byte span.
   * Every highlighted word carries both tags, so long tags multiply the response (issue 12: 512-byte
   * tags took a 94 kB request to 3.5 GB).
   */
  maxTagBytes: 128,
  /** snippetEllipsisText: real clients send `…`. */
  maxEllipsisBytes: 32,
  maxSnippetWords: 1000,
} as const;
