/**
 * Turning a record into a hit: `attributesToRetrieve` (dotted paths, `*`, `-attr` exclusions;
 * objectID always), `_highlightResult` (only for present values: null hierarchy levels are left out,
 * which the Docusaurus /search page relies on) and `_snippetResult` (`attr:N` word windows).
 * The attribute lists are compiled once per query, then applied to each hit of the page.
 */
import { highlight, snippet, type HighlightContext, type TokenRun } from './highlight.ts';
import type { SearchIndex } from './searchIndex.ts';
import { CONTENT_ATTRIBUTE, SEARCHABLE_ATTRIBUTES } from './settings.ts';
import type { DocSearchRecord } from './types.ts';
import { LEVELS } from './types.ts';

type Json = Record<string, unknown>;

/** Attribute paths that `*` means for highlighting and snippeting: the searchable attributes. */
const SEARCHABLE_PATHS: readonly string[] = SEARCHABLE_ATTRIBUTES;
const DEFAULT_SNIPPET_WORDS = 10;

/** Deep copy of JSON data (records are plain JSON), so hits never share objects with the index. */
function clone<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  const out: Json = {};
  for (const k of Object.keys(value)) if (k !== '__proto__') out[k] = clone((value as Json)[k]);
  return out as T;
}

function getPath(obj: Json, path: string[]): unknown {
  let cur: unknown = obj;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Json)[key];
  }
  return cur;
}

function setPath(obj: Json, path: string[], value: unknown): void {
  let cur = obj;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const next = cur[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) cur[key] = {};
    cur = cur[key] as Json;
  }
  cur[path[path.length - 1]!] = value;
}

function deletePath(obj: Json, path: string[]): void {
  const parent = getPath(obj, path.slice(0, -1));
  if (parent && typeof parent === 'object' && !Array.isArray(parent)) delete (parent as Json)[path[path.length - 1]!];
}

interface Leaf {
  path: string[];
  text: string;
}

/** Leaves of several paths, each once, in the order asked. */
function uniqueLeaves(record: DocSearchRecord, paths: string[][]): Leaf[] {
  const out: Leaf[] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    const found: Leaf[] = [];
    collectLeaves(record as unknown as Json, path, found);
    for (const leaf of found) {
      const key = leaf.path.join('.');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(leaf);
    }
  }
  return out;
}

/** String leaves at a path: the string itself, or the strings inside an object, in key order. */
function collectLeaves(source: Json, path: string[], out: Leaf[]): void {
  const value = getPath(source, path);
  if (typeof value === 'string') {
    out.push({ path, text: value });
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const k of Object.keys(value)) {
      if (k !== '__proto__') collectLeaves(source, [...path, k], out);
    }
  }
}

/** Keeps hierarchy levels in lvl0 → lvl6 order (the /search page uses the last key as the title). */
function orderHierarchy(out: Json): Json {
  const h = out.hierarchy;
  if (h && typeof h === 'object' && !Array.isArray(h) && !inLevelOrder(h as Json)) {
    const ordered: Json = {};
    for (const level of LEVELS) if (level in (h as Json)) ordered[level] = (h as Json)[level];
    for (const [k, v] of Object.entries(h as Json)) if (!(k in ordered)) ordered[k] = v;
    out.hierarchy = ordered;
  }
  return out;
}

/** Index of a searchable attribute (hierarchy.lvl0 … lvl6 = 0 … 6, content = 7), or -1. */
function searchableAttribute(path: string[]): number {
  if (path.length === 1 && path[0] === 'content') return CONTENT_ATTRIBUTE;
  if (path.length === 2 && path[0] === 'hierarchy') return (LEVELS as readonly string[]).indexOf(path[1]!);
  return -1;
}

function inLevelOrder(h: Json): boolean {
  let last = -1;
  for (const k in h) {
    const i = (LEVELS as readonly string[]).indexOf(k);
    if (i < last) return false;
    last = i < 0 ? LEVELS.length : i;
  }
  return true;
}

export interface HitAttributes {
  attributesToRetrieve: string[];
  attributesToHighlight: string[];
  attributesToSnippet: string[];
}

export class HitRenderer {
  private readonly retrieveAll: boolean;
  private readonly retrievePaths: string[][];
  private readonly excludePaths: string[][];
  private readonly highlightPlan: { fixed: FixedLeaf[]; dynamic: string[][] };
  private readonly snippetPlan: { fixed: FixedLeaf[]; dynamic: { path: string[]; size: number }[] };

  constructor(
    attrs: HitAttributes,
    private readonly ctx: HighlightContext,
    /** When given, indexed attributes are highlighted from the index's tokens. */
    private readonly index?: SearchIndex,
  ) {
    const split = (p: string) => p.split('.');
    this.retrieveAll = attrs.attributesToRetrieve.includes('*');
    this.retrievePaths = attrs.attributesToRetrieve.filter((a) => a !== '*' && !a.startsWith('-')).map(split);
    this.excludePaths = attrs.attributesToRetrieve.filter((a) => a.startsWith('-') && a.length > 1 && a !== '-objectID').map((a) => split(a.slice(1)));
    const expand = (list: string[]) => list.flatMap((p) => (p === '*' ? SEARCHABLE_PATHS : [p])).filter((p) => p !== 'objectID' && !p.startsWith('-'));
    const highlight = planLeaves(expand(attrs.attributesToHighlight).map((p) => ({ path: split(p), size: 0 })), true);
    this.highlightPlan = { fixed: highlight.fixed, dynamic: highlight.dynamic.map((d) => d.path) };
    this.snippetPlan = planLeaves(
      attrs.attributesToSnippet.flatMap((spec) => {
        const colon = spec.lastIndexOf(':');
        const hasSize = colon > 0 && /^\d+$/.test(spec.slice(colon + 1));
        const attr = hasSize ? spec.slice(0, colon) : spec;
        const size = hasSize ? Number(spec.slice(colon + 1)) : DEFAULT_SNIPPET_WORDS;
        return expand([attr]).map((p) => ({ path: split(p), size }));
      }),
      false,
    );
  }

  retrieve(record: DocSearchRecord): Json {
    const source = record as unknown as Json;
    if (this.retrieveAll) {
      const out = clone(source);
      for (const path of this.excludePaths) deletePath(out, path);
      out.objectID = record.objectID;
      return out;
    }
    const out: Json = { objectID: record.objectID };
    for (const path of this.retrievePaths) {
      const value = getPath(source, path);
      if (value !== undefined) setPath(out, path, clone(value));
    }
    return out;
  }

  /** Tokens of a searchable attribute straight from the index, when the record is indexed. */
  private run(recordIndex: number | undefined, path: string[]): TokenRun | undefined {
    if (!this.index || recordIndex === undefined) return undefined;
    const attribute = searchableAttribute(path);
    return attribute < 0 ? undefined : this.index.attributeRun(recordIndex, attribute);
  }

  highlightResult(record: DocSearchRecord, recordIndex?: number): Json | undefined {
    const out: Json = {};
    let any = false;
    for (const plan of this.highlightPlan.fixed) {
      const text = plan.attribute === CONTENT_ATTRIBUTE ? record.content : record.hierarchy[LEVELS[plan.attribute]!];
      if (typeof text !== 'string') continue;
      put(out, plan, highlight(text, this.ctx, plan.attribute !== CONTENT_ATTRIBUTE, this.indexRun(recordIndex, plan.attribute)));
      any = true;
    }
    if (this.highlightPlan.dynamic.length > 0) {
      for (const leaf of uniqueLeaves(record, this.highlightPlan.dynamic)) {
        if (getPath(out, leaf.path) !== undefined) continue;
        setPath(out, leaf.path, highlight(leaf.text, this.ctx, leaf.path[0] === 'hierarchy', this.run(recordIndex, leaf.path)));
        any = true;
      }
    }
    return any ? orderHierarchy(out) : undefined;
  }

  snippetResult(record: DocSearchRecord, recordIndex?: number): Json | undefined {
    const out: Json = {};
    let any = false;
    for (const plan of this.snippetPlan.fixed) {
      const text = plan.attribute === CONTENT_ATTRIBUTE ? record.content : record.hierarchy[LEVELS[plan.attribute]!];
      if (typeof text !== 'string') continue;
      put(out, plan, snippet(text, plan.size, this.ctx, plan.attribute !== CONTENT_ATTRIBUTE, this.indexRun(recordIndex, plan.attribute)));
      any = true;
    }
    for (const spec of this.snippetPlan.dynamic) {
      const found: Leaf[] = [];
      collectLeaves(record as unknown as Json, spec.path, found);
      for (const leaf of found) {
        setPath(out, leaf.path, snippet(leaf.text, spec.size, this.ctx, leaf.path[0] === 'hierarchy', this.run(recordIndex, leaf.path)));
        any = true;
      }
    }
    return any ? orderHierarchy(out) : undefined;
  }

  private indexRun(recordIndex: number | undefined, attribute: number): TokenRun | undefined {
    return this.index && recordIndex !== undefined ? this.index.attributeRun(recordIndex, attribute) : undefined;
  }
}

/** A searchable attribute to render: hierarchy.lvl0 … lvl6 (0 … 6) or content (7). */
interface FixedLeaf {
  attribute: number;
  size: number;
}

/**
 * Splits requested paths into searchable attributes, rendered straight from the record's known
 * shape, and any other path, found by walking the record.
 */
function planLeaves(specs: { path: string[]; size: number }[], firstWins: boolean) {
  const fixed: FixedLeaf[] = [];
  const dynamic: { path: string[]; size: number }[] = [];
  const add = (attribute: number, size: number) => {
    const at = fixed.findIndex((f) => f.attribute === attribute);
    if (at < 0) fixed.push({ attribute, size });
    else if (!firstWins) fixed[at] = { attribute, size };
  };
  for (const spec of specs) {
    const { path, size } = spec;
    if (path.length === 1 && path[0] === 'hierarchy') LEVELS.forEach((_, i) => add(i, size));
    else if (searchableAttribute(path) >= 0) add(searchableAttribute(path), size);
    else dynamic.push(spec);
  }
  return { fixed, dynamic };
}

function put(out: Json, plan: FixedLeaf, value: unknown): void {
  if (plan.attribute === CONTENT_ATTRIBUTE) {
    out.content = value;
    return;
  }
  let h = out.hierarchy as Json | undefined;
  if (!h) {
    h = {};
    out.hierarchy = h;
  }
  h[LEVELS[plan.attribute]!] = value;
}

/** One-off helpers (tests and callers that render a single record). */
export function retrieve(record: DocSearchRecord, attributes: string[]): Json {
  return new HitRenderer({ attributesToRetrieve: attributes, attributesToHighlight: [], attributesToSnippet: [] }, NO_CONTEXT).retrieve(record);
}

export function highlightResult(record: DocSearchRecord, attributes: string[], ctx: HighlightContext): Json | undefined {
  return new HitRenderer({ attributesToRetrieve: [], attributesToHighlight: attributes, attributesToSnippet: [] }, ctx).highlightResult(record);
}

export function snippetResult(record: DocSearchRecord, specs: string[], ctx: HighlightContext): Json | undefined {
  return new HitRenderer({ attributesToRetrieve: [], attributesToHighlight: [], attributesToSnippet: specs }, ctx).snippetResult(record);
}

const NO_CONTEXT = undefined as unknown as HighlightContext;
