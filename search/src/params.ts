/**
 * Search parameters from both request dialects: flat JSON keys (algoliasearch v5) and the v4
 * `params` URL-encoded string, merged (explicit keys win over the string). Values inside the string
 * are strings: numbers and booleans arrive as text, arrays as JSON or comma-separated lists.
 * Anything malformed is a ParamError (400) with a message naming the parameter.
 */
import { ParamError } from './errors.ts';
import { parseFacetFilters, type FacetFilters } from './filters.ts';
import type { QueryType, RemoveWordsIfNoResults, SearchSettings, TypoTolerance } from './settings.ts';
import { LIMITS, TEMPLATE_SETTINGS } from './settings.ts';
import { utf8Length } from './text.ts';

export interface SearchParams extends SearchSettings {
  query: string;
  page: number;
  facetFilters: FacetFilters;
  facets: string[];
  clickAnalytics: boolean;
  getRankingInfo: boolean;
  /** The parameters as received, URL-encoded, echoed back as `params`. */
  echo: string;
}

export interface ParsedRequest {
  indexName: string;
  params: SearchParams;
}

/** Parameters whose semantics this engine does not implement; sending a non-empty one is a 400. */
const UNSUPPORTED = ['filters', 'numericFilters', 'tagFilters', 'optionalFilters', 'aroundLatLng', 'insideBoundingBox', 'insidePolygon'];

type Raw = Map<string, unknown>;

function describe(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function invalid(name: string, expected: string, v: unknown): ParamError {
  return new ParamError(`Invalid value for "${name}" parameter, expected ${expected} (got ${describe(v)})`);
}

function readString(name: string, v: unknown): string {
  if (typeof v === 'string') return v;
  throw invalid(name, 'a string', v);
}

function readInt(name: string, v: unknown, min: number, max: number): number {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) n = Number(v);
  else throw invalid(name, `an integer between ${min} and ${max}`, v);
  if (!Number.isInteger(n) || n < min || n > max) throw invalid(name, `an integer between ${min} and ${max}`, v);
  return n;
}

function readBool(name: string, v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw invalid(name, 'a boolean', v);
}

function readList(name: string, v: unknown): string[] {
  let list: unknown = v;
  if (typeof v === 'string') {
    const trimmed = v.trim();
    if (trimmed.startsWith('[')) {
      try {
        list = JSON.parse(trimmed);
      } catch {
        throw invalid(name, 'a JSON array or a comma-separated list', v);
      }
    } else {
      list = trimmed === '' ? [] : trimmed.split(',').map((s) => s.trim()).filter(Boolean);
    }
  }
  if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) throw invalid(name, 'an array of strings', v);
  if (list.length > LIMITS.maxListEntries) throw invalid(name, `at most ${LIMITS.maxListEntries} entries`, `${list.length} entries`);
  return list as string[];
}

function readEnum<T extends string>(name: string, v: unknown, allowed: readonly T[]): T {
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  throw invalid(name, `one of ${allowed.join(', ')}`, v);
}

function readTag(name: string, v: unknown, max: number = LIMITS.maxTagBytes): string {
  const s = readString(name, v);
  if (utf8Length(s) > max) throw invalid(name, `a string of at most ${max} bytes`, `${utf8Length(s)} bytes`);
  return s;
}

function readTypoTolerance(v: unknown): TypoTolerance {
  if (v === 'min' || v === 'strict') return v;
  return readBool('typoTolerance', v);
}

function readDistinct(v: unknown): number {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === 'true') return 1;
  if (v === 'false') return 0;
  return readInt('distinct', v, 0, 4);
}

function validateSnippetSpecs(list: string[]): string[] {
  for (const spec of list) {
    const m = /^([^:]+)(?::(.*))?$/.exec(spec);
    const n = m?.[2];
    if (!m || (n !== undefined && !(/^\d+$/.test(n) && Number(n) >= 1 && Number(n) <= LIMITS.maxSnippetWords))) {
      throw invalid('attributesToSnippet', `entries "attribute" or "attribute:N" with 1 <= N <= ${LIMITS.maxSnippetWords}`, spec);
    }
  }
  return list;
}

function encodeValue(v: unknown): string {
  const text = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : (JSON.stringify(v) ?? '');
  // Lone surrogates cannot be URL-encoded; replace them rather than fail.
  return encodeURIComponent(text.toWellFormed());
}

/** Merges `params` (string) and the flat keys of one request item. */
function collectRaw(item: Record<string, unknown>): Raw {
  const raw: Raw = new Map();
  const paramString = item.params;
  if (paramString !== undefined && paramString !== null) {
    if (typeof paramString === 'string') {
      for (const [k, v] of new URLSearchParams(paramString)) raw.set(k, v);
    } else if (typeof paramString === 'object' && !Array.isArray(paramString)) {
      for (const [k, v] of Object.entries(paramString as Record<string, unknown>)) raw.set(k, v);
    } else {
      throw invalid('params', 'a URL-encoded string', paramString);
    }
  }
  for (const [k, v] of Object.entries(item)) {
    if (k === 'params' || k === 'indexName' || k === 'type') continue;
    raw.set(k, v);
  }
  return raw;
}

export function parseSearchParams(item: Record<string, unknown>, defaults: SearchSettings = TEMPLATE_SETTINGS): SearchParams {
  const raw = collectRaw(item);
  const p: SearchParams = {
    ...defaults,
    attributesToRetrieve: [...defaults.attributesToRetrieve],
    attributesToHighlight: [...defaults.attributesToHighlight],
    attributesToSnippet: [...defaults.attributesToSnippet],
    query: '',
    page: 0,
    facetFilters: [],
    facets: [],
    clickAnalytics: false,
    getRankingInfo: false,
    echo: '',
  };
  const echo: string[] = [];
  for (const [key, v] of raw) {
    if (v === undefined) continue;
    echo.push(`${encodeValue(key)}=${encodeValue(v)}`);
    if (UNSUPPORTED.includes(key)) {
      const empty = v === null || v === '' || (Array.isArray(v) && v.length === 0);
      if (!empty) throw new ParamError(`Unsupported parameter "${key}": this search service implements facetFilters only`);
      continue;
    }
    switch (key) {
      case 'query':
        p.query = v === null ? '' : readString('query', v);
        break;
      case 'hitsPerPage':
        p.hitsPerPage = readInt('hitsPerPage', v, 0, LIMITS.maxHitsPerPage);
        break;
      case 'page':
        p.page = readInt('page', v, 0, Number.MAX_SAFE_INTEGER);
        break;
      case 'attributesToRetrieve':
        p.attributesToRetrieve = readList(key, v);
        break;
      case 'attributesToHighlight':
        p.attributesToHighlight = readList(key, v);
        break;
      case 'attributesToSnippet':
        p.attributesToSnippet = validateSnippetSpecs(readList(key, v));
        break;
      case 'highlightPreTag':
      case 'highlightPostTag':
        p[key] = readTag(key, v);
        break;
      case 'snippetEllipsisText':
        p[key] = readTag(key, v, LIMITS.maxEllipsisBytes);
        break;
      case 'facetFilters':
        p.facetFilters = parseFacetFilters(v);
        break;
      case 'facets':
        p.facets = readList(key, v);
        break;
      case 'typoTolerance':
        p.typoTolerance = readTypoTolerance(v);
        break;
      case 'minWordSizefor1Typo':
      case 'minWordSizefor2Typos':
        p[key] = readInt(key, v, 1, 100);
        break;
      case 'allowTyposOnNumericTokens':
      case 'ignorePlurals':
      case 'advancedSyntax':
      case 'clickAnalytics':
      case 'getRankingInfo':
        p[key] = readBool(key, v);
        break;
      case 'removeWordsIfNoResults':
        p.removeWordsIfNoResults = readEnum<RemoveWordsIfNoResults>(key, v, ['none', 'lastWords', 'firstWords', 'allOptional']);
        break;
      case 'queryType':
        p.queryType = readEnum<QueryType>(key, v, ['prefixLast', 'prefixAll', 'prefixNone']);
        break;
      case 'distinct':
        p.distinct = readDistinct(v);
        break;
      case 'removeStopWords':
        p.removeStopWords = typeof v === 'boolean' || v === 'true' || v === 'false' ? readBool(key, v) : readList(key, v);
        break;
      default:
        // Other Algolia parameters (analytics, clickAnalytics tags, userToken, …) change nothing here.
        break;
    }
  }
  if (utf8Length(p.query) > LIMITS.queryBytes) {
    throw new ParamError(`Invalid value for "query" parameter, expected string shorter than ${LIMITS.queryBytes} bytes`);
  }
  if (p.minWordSizefor2Typos < p.minWordSizefor1Typo) {
    throw new ParamError('minWordSizefor2Typos must be greater than or equal to minWordSizefor1Typo');
  }
  p.echo = echo.join('&');
  return p;
}

/** One entry of `{"requests":[…]}`. */
export function parseRequestItem(item: unknown, position: number): ParsedRequest {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw new ParamError(`requests[${position}] must be an object`);
  }
  const obj = item as Record<string, unknown>;
  if (typeof obj.indexName !== 'string' || obj.indexName === '') {
    throw new ParamError(`requests[${position}] is missing "indexName"`);
  }
  if (obj.type !== undefined && obj.type !== 'default') {
    throw new ParamError(`requests[${position}]: request type "${String(obj.type).slice(0, 40)}" is not supported (only "default" searches)`);
  }
  return { indexName: obj.indexName, params: parseSearchParams(obj) };
}
