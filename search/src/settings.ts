/**
 * Index settings: the values the DocSearch crawler's Docusaurus template sets on an Algolia index.
 * A request can override every search-time setting; these apply when it does not (the Docusaurus
 * `/search` page, for one, sends no highlight tags or snippet settings and relies on them).
 */

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
});

/**
 * Sections ranked after hand-written pages that match as many query words: the generated API
 * reference. Algolia would do this with a rule adding `optionalFilters` to every query; here it
 * is an index setting that feeds the template's `filters` criterion (second, after `words`).
 */
export const DEMOTED_PATHS: readonly RegExp[] = [/^\/docs\/(v\d+\/)?typedoc\//];

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
