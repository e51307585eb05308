/**
 * In-memory index over DocSearch records, built once at start and read-only after: a dictionary, an
 * inverted index (postings with attribute and word position), each record's own token list (for
 * proximity and phrases), facet membership, distinct groups and the custom-ranking order.
 */
import { Dictionary } from './dictionary.ts';
import { ATTRIBUTE_COUNT, CONTENT_ATTRIBUTE, FACET_ATTRIBUTES, KEYWORDS_ATTRIBUTE, PAGE_TYPE_BY_PATH, VOCABULARY_ATTRIBUTE } from './settings.ts';
import { tokenize } from './text.ts';
import type { DocSearchRecord } from './types.ts';
import { LEVELS, PAGE_TYPES, type PageType } from './types.ts';

/** Record ranks live in the low 20 bits of a ranking key. */
export const RANK_BITS = 17;
export const RANK_SPACE = 2 ** RANK_BITS;
const MAX_POSITION = 0xffff;

export function packAttrPos(attribute: number, position: number): number {
  return (attribute << 16) | Math.min(position, MAX_POSITION);
}

/** Word positions the attribute criterion tells apart inside the ordered content attribute. */
export const ATTRIBUTE_POSITIONS = 512;

/** Rank of a match position for the attribute criterion; lower is better. */
export function attributeScore(attrPos: number): number {
  const attribute = attrPos >>> 16;
  return attribute * ATTRIBUTE_POSITIONS + (attribute === CONTENT_ATTRIBUTE ? Math.min(attrPos & 0xffff, ATTRIBUTE_POSITIONS - 1) : 0);
}

/** The record's page_type, or for records indexed before it existed, the type its URL implies. */
export function recordPageType(record: DocSearchRecord): PageType {
  if (record.page_type) return record.page_type;
  let pathname: string;
  try {
    pathname = new URL(record.url).pathname;
  } catch {
    return 'docs';
  }
  return PAGE_TYPE_BY_PATH.find(([re]) => re.test(pathname))?.[1] ?? 'docs';
}

export function attributeText(record: DocSearchRecord, attribute: number): string | null {
  if (attribute === CONTENT_ATTRIBUTE) return record.content;
  if (attribute === KEYWORDS_ATTRIBUTE) return record.keywords ?? null;
  if (attribute === VOCABULARY_ATTRIBUTE) return record.vocabulary ?? null;
  return record.hierarchy[LEVELS[attribute]!] ?? null;
}

export function facetValues(record: DocSearchRecord, attribute: string): string[] {
  switch (attribute) {
    case 'type':
      return [record.type];
    case 'version':
      return record.version ?? [];
    case 'lang':
    case 'language':
    case 'docusaurus_tag': {
      const v = record[attribute];
      return typeof v === 'string' ? [v] : [];
    }
    default:
      return [];
  }
}

export class SearchIndex {
  readonly size: number;
  readonly dict: Dictionary;
  /** Postings of term t: entries postStart[t] .. postStart[t+1], every occurrence. */
  readonly postStart: Int32Array;
  readonly postRecord: Int32Array;
  readonly postAttrPos: Int32Array;
  /**
   * The same postings with one entry per record: its best occurrence, as an attribute score
   * (attribute * 512, plus the word position for the ordered content attribute). Tokens are
   * stored in attribute then position order, so the first occurrence in a record is the best.
   */
  readonly bestStart: Int32Array;
  readonly bestRecord: Int32Array;
  readonly bestScore: Uint16Array;
  /** Attributes (bit a = attribute a) the term occurs in, per entry of the best postings. */
  readonly bestAttrs: Uint16Array;
  /** Tokens of record r: tokStart[r] .. tokStart[r+1], in attribute then position order. */
  readonly tokStart: Int32Array;
  readonly tokTerm: Int32Array;
  readonly tokAttrPos: Int32Array;
  /** Character range of each token in its attribute, and 1 for camel-case parts and joined words. */
  readonly tokStartChar: Int32Array;
  readonly tokEndChar: Int32Array;
  readonly tokPart: Uint8Array;
  /** Where each attribute's tokens start, per record: attrStart[r * (ATTRIBUTE_COUNT + 1) + a], a = 0 … ATTRIBUTE_COUNT (the last = end). */
  readonly attrStart: Int32Array;
  /** Headings (lvl1 … lvl6) made of a single word, per record (for exactness on one-word queries). */
  readonly soleStart: Int32Array;
  readonly soleTerm: Int32Array;
  /** Words of each record's page title (lvl1), camel-case parts and joined words not counted. */
  readonly titleLength: Uint8Array;
  /** Each record's page title as one word (its words joined: "SSG helpers" → ssghelpers), by id. */
  readonly titleId: Int32Array;
  readonly titleWords: string[] = [];
  /** Page (same `url_without_anchor`) of each record, the number of pages and of records per page. */
  readonly pageOf: Int32Array;
  readonly pageCount: number;
  readonly pageLength: Int32Array;
  readonly meanPageLength: number;
  /** The record standing for each page: its first lvl1 record (the title), else its first record. */
  readonly titleRecord: Int32Array;
  /** Distinct group (same `url`) of each record. */
  readonly group: Int32Array;
  readonly groupCount: number;
  /** Index in PAGE_TYPES of each record's page type (the `filters` criterion's tier comes from it). */
  readonly pageType: Uint8Array;
  /** Position of each record in the custom ranking, and the inverse. */
  readonly rankOf: Int32Array;
  readonly recordAtRank: Int32Array;
  private readonly members = new Map<string, Map<string, Uint8Array>>();

  constructor(readonly records: DocSearchRecord[]) {
    const n = records.length;
    if (n >= RANK_SPACE) throw new Error(`Too many records (${n}); at most ${RANK_SPACE - 1} are supported`);
    this.size = n;

    // Pass 1: tokenize every searchable attribute; collect the vocabulary.
    const perRecord: { norms: string[]; attrPos: number[]; starts: number[]; ends: number[]; parts: number[]; sole: string[] }[] = [];
    this.titleLength = new Uint8Array(n);
    this.titleId = new Int32Array(n);
    const titleIds = new Map<string, number>();
    const vocabulary = new Set<string>();
    for (const record of records) {
      const norms: string[] = [];
      const attrPos: number[] = [];
      const starts: number[] = [];
      const ends: number[] = [];
      const parts: number[] = [];
      const sole: string[] = [];
      for (let a = 0; a < ATTRIBUTE_COUNT; a++) {
        const text = attributeText(record, a);
        if (!text) continue;
        const tokens = tokenize(text, { concat: a < CONTENT_ATTRIBUTE });
        let whole = 0;
        for (const tok of tokens) {
          norms.push(tok.norm);
          attrPos.push(packAttrPos(a, tok.pos));
          starts.push(tok.start);
          ends.push(tok.end);
          parts.push(tok.part ? 1 : 0);
          vocabulary.add(tok.norm);
          if (!tok.part) whole += 1;
        }
        if (whole === 1 && a >= 1 && a < CONTENT_ATTRIBUTE) sole.push(tokens[0]!.norm);
        if (a === 1) {
          this.titleLength[perRecord.length] = Math.min(255, whole);
          const joined = tokens.filter((t) => !t.part).map((t) => t.norm).join('');
          let id = titleIds.get(joined);
          if (id === undefined) {
            id = this.titleWords.length;
            titleIds.set(joined, id);
            this.titleWords.push(joined);
          }
          this.titleId[perRecord.length] = id;
        }
      }
      perRecord.push({ norms, attrPos, starts, ends, parts, sole });
    }
    this.dict = new Dictionary([...vocabulary].sort());

    // Pass 2: record token lists and postings.
    let total = 0;
    let soleTotal = 0;
    for (const r of perRecord) {
      total += r.norms.length;
      soleTotal += r.sole.length;
    }
    this.tokStart = new Int32Array(n + 1);
    this.tokTerm = new Int32Array(total);
    this.tokAttrPos = new Int32Array(total);
    this.tokStartChar = new Int32Array(total);
    this.tokEndChar = new Int32Array(total);
    this.tokPart = new Uint8Array(total);
    this.soleStart = new Int32Array(n + 1);
    this.soleTerm = new Int32Array(soleTotal);
    const counts = new Int32Array(this.dict.size + 1);
    let k = 0;
    let s = 0;
    perRecord.forEach((r, i) => {
      this.tokStart[i] = k;
      for (let j = 0; j < r.norms.length; j++, k++) {
        const term = this.dict.id(r.norms[j]!);
        this.tokTerm[k] = term;
        this.tokAttrPos[k] = r.attrPos[j]!;
        this.tokStartChar[k] = r.starts[j]!;
        this.tokEndChar[k] = r.ends[j]!;
        this.tokPart[k] = r.parts[j]!;
        counts[term + 1]! += 1;
      }
      this.soleStart[i] = s;
      for (const norm of r.sole) this.soleTerm[s++] = this.dict.id(norm);
    });
    this.tokStart[n] = k;
    this.attrStart = new Int32Array(n * (ATTRIBUTE_COUNT + 1));
    for (let r = 0; r < n; r++) {
      const base = r * (ATTRIBUTE_COUNT + 1);
      let j = this.tokStart[r]!;
      const end = this.tokStart[r + 1]!;
      for (let a = 0; a <= ATTRIBUTE_COUNT; a++) {
        while (j < end && this.tokAttrPos[j]! >>> 16 < a) j += 1;
        this.attrStart[base + a] = j;
      }
    }
    this.soleStart[n] = s;
    this.postStart = new Int32Array(this.dict.size + 1);
    for (let t = 0; t < this.dict.size; t++) this.postStart[t + 1] = this.postStart[t]! + counts[t + 1]!;
    this.postRecord = new Int32Array(total);
    this.postAttrPos = new Int32Array(total);
    const fill = this.postStart.slice(0, this.dict.size);
    for (let r = 0; r < n; r++) {
      for (let j = this.tokStart[r]!; j < this.tokStart[r + 1]!; j++) {
        const term = this.tokTerm[j]!;
        const at = fill[term]!++;
        this.postRecord[at] = r;
        this.postAttrPos[at] = this.tokAttrPos[j]!;
      }
    }

    // One posting per (term, record): the first, best-placed occurrence.
    const bestCounts = new Int32Array(this.dict.size + 1);
    for (let t = 0; t < this.dict.size; t++) {
      let last = -1;
      for (let k = this.postStart[t]!; k < this.postStart[t + 1]!; k++) {
        if (this.postRecord[k] !== last) {
          last = this.postRecord[k]!;
          bestCounts[t + 1]! += 1;
        }
      }
    }
    this.bestStart = new Int32Array(this.dict.size + 1);
    for (let t = 0; t < this.dict.size; t++) this.bestStart[t + 1] = this.bestStart[t]! + bestCounts[t + 1]!;
    this.bestRecord = new Int32Array(this.bestStart[this.dict.size]!);
    this.bestScore = new Uint16Array(this.bestStart[this.dict.size]!);
    this.bestAttrs = new Uint16Array(this.bestStart[this.dict.size]!);
    for (let t = 0, at = 0; t < this.dict.size; t++) {
      let last = -1;
      for (let k = this.postStart[t]!; k < this.postStart[t + 1]!; k++) {
        if (this.postRecord[k] === last) {
          this.bestAttrs[at - 1]! |= 1 << (this.postAttrPos[k]! >>> 16);
          continue;
        }
        last = this.postRecord[k]!;
        this.bestRecord[at] = last;
        this.bestScore[at] = attributeScore(this.postAttrPos[k]!);
        this.bestAttrs[at] = 1 << (this.postAttrPos[k]! >>> 16);
        at += 1;
      }
    }

    // Distinct groups by url.
    this.group = new Int32Array(n);
    const groups = new Map<string, number>();
    records.forEach((rec, i) => {
      let g = groups.get(rec.url);
      if (g === undefined) {
        g = groups.size;
        groups.set(rec.url, g);
      }
      this.group[i] = g;
    });
    this.groupCount = groups.size;

    this.pageOf = new Int32Array(n);
    const pages = new Map<string, number>();
    records.forEach((rec, i) => {
      let p = pages.get(rec.url_without_anchor);
      if (p === undefined) {
        p = pages.size;
        pages.set(rec.url_without_anchor, p);
      }
      this.pageOf[i] = p;
    });
    this.pageCount = pages.size;
    this.pageLength = new Int32Array(this.pageCount);
    for (let i = 0; i < n; i++) this.pageLength[this.pageOf[i]!]! += 1;
    this.meanPageLength = this.pageCount === 0 ? 1 : n / this.pageCount;
    this.titleRecord = new Int32Array(this.pageCount).fill(-1);
    records.forEach((rec, i) => {
      const p = this.pageOf[i]!;
      if (this.titleRecord[p] === -1 || (rec.type === 'lvl1' && records[this.titleRecord[p]!]!.type !== 'lvl1')) this.titleRecord[p] = i;
    });

    this.pageType = new Uint8Array(n);
    records.forEach((rec, i) => {
      this.pageType[i] = PAGE_TYPES.indexOf(recordPageType(rec));
    });

    // customRanking: desc(weight.pageRank), desc(weight.level), asc(weight.position).
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => {
      const wa = records[a]!.weight;
      const wb = records[b]!.weight;
      return wb.pageRank - wa.pageRank || wb.level - wa.level || wa.position - wb.position || a - b;
    });
    this.recordAtRank = Int32Array.from(order);
    this.rankOf = new Int32Array(n);
    order.forEach((rec, rank) => {
      this.rankOf[rec] = rank;
    });

    // Facet membership (values compared in lower case).
    for (const attribute of FACET_ATTRIBUTES) {
      const byValue = new Map<string, Uint8Array>();
      records.forEach((rec, i) => {
        for (const value of facetValues(rec, attribute)) {
          const key = value.toLowerCase();
          let member = byValue.get(key);
          if (!member) {
            member = new Uint8Array(n);
            byValue.set(key, member);
          }
          member[i] = 1;
        }
      });
      this.members.set(attribute, byValue);
    }
  }

  /** Records having `value` (lower case) for a facet attribute; null for unknown attributes or values. */
  member(attribute: string, value: string): Uint8Array | null {
    return this.members.get(attribute)?.get(value) ?? null;
  }

  isFacet(attribute: string): boolean {
    return this.members.has(attribute);
  }

  /** The tokens of one attribute of a record, as stored (no copy). */
  attributeRun(record: number, attribute: number): { offset: number; length: number; terms: Int32Array; starts: Int32Array; ends: Int32Array; parts: Uint8Array } {
    const base = record * (ATTRIBUTE_COUNT + 1);
    const from = this.attrStart[base + attribute]!;
    return {
      offset: from,
      length: this.attrStart[base + attribute + 1]! - from,
      terms: this.tokTerm,
      starts: this.tokStartChar,
      ends: this.tokEndChar,
      parts: this.tokPart,
    };
  }

  /** Whether record r has `term` at `attrPos` (attribute and position packed). */
  hasTermAt(record: number, term: number, attrPos: number): boolean {
    for (let j = this.tokStart[record]!; j < this.tokStart[record + 1]!; j++) {
      if (this.tokTerm[j] === term && this.tokAttrPos[j] === attrPos) return true;
    }
    return false;
  }
}
