/**
 * Turning a record into a hit: `attributesToRetrieve` (dotted paths, `*`, `-attr` exclusions;
 * objectID always), `_highlightResult` (only for present values: null hierarchy levels are left out,
 * which the Docusaurus /search page relies on) and `_snippetResult` (`attr:N` word windows).
 */
import { highlight, snippet, type HighlightContext } from './highlight.ts';
import type { DocSearchRecord } from './types.ts';
import { LEVELS } from './types.ts';

type Json = Record<string, unknown>;

/** Attribute paths that `*` means for highlighting and snippeting: the searchable attributes. */
const SEARCHABLE_PATHS = [...LEVELS.map((l) => `hierarchy.${l}`), 'content'];

/** Deep copy of JSON data (records are plain JSON), so hits never share objects with the index. */
function clone<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  const out: Json = {};
  for (const [k, v] of Object.entries(value as Json)) if (k !== '__proto__') out[k] = clone(v);
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

export function retrieve(record: DocSearchRecord, attributes: string[]): Json {
  const source = record as unknown as Json;
  let out: Json = { objectID: record.objectID };
  if (attributes.includes('*')) {
    out = clone(source);
    for (const attr of attributes) {
      if (attr.startsWith('-') && attr.length > 1 && attr !== '-objectID') deletePath(out, attr.slice(1).split('.'));
    }
    return out;
  }
  for (const attr of attributes) {
    if (attr.startsWith('-')) continue;
    const path = attr.split('.');
    const value = getPath(source, path);
    if (value !== undefined) setPath(out, path, clone(value));
  }
  return out;
}

/** String leaves named by a list of attribute paths, in record order, without duplicates. */
function stringLeaves(record: DocSearchRecord, paths: string[]): { path: string[]; text: string }[] {
  const source = record as unknown as Json;
  const expanded = paths.flatMap((p) => (p === '*' ? SEARCHABLE_PATHS : [p]));
  const seen = new Set<string>();
  const out: { path: string[]; text: string }[] = [];
  const add = (path: string[], value: unknown) => {
    const key = path.join('.');
    if (seen.has(key)) return;
    if (typeof value === 'string') {
      seen.add(key);
      out.push({ path, text: value });
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value as Json)) add([...path, k], v);
    }
  };
  for (const p of expanded) {
    if (p === 'objectID' || p.startsWith('-')) continue;
    const path = p.split('.');
    add(path, getPath(source, path));
  }
  return out;
}

export function highlightResult(record: DocSearchRecord, attributes: string[], ctx: HighlightContext): Json | undefined {
  const leaves = stringLeaves(record, attributes);
  if (leaves.length === 0) return undefined;
  const out: Json = {};
  for (const leaf of leaves) setPath(out, leaf.path, highlight(leaf.text, ctx, leaf.path[0] === 'hierarchy'));
  return orderHierarchy(out);
}

export function snippetResult(record: DocSearchRecord, specs: string[], ctx: HighlightContext): Json | undefined {
  const out: Json = {};
  let any = false;
  for (const spec of specs) {
    const colon = spec.lastIndexOf(':');
    const hasSize = colon > 0 && /^\d+$/.test(spec.slice(colon + 1));
    const attr = hasSize ? spec.slice(0, colon) : spec;
    const size = hasSize ? Number(spec.slice(colon + 1)) : 10;
    for (const leaf of stringLeaves(record, [attr])) {
      setPath(out, leaf.path, snippet(leaf.text, size, ctx, leaf.path[0] === 'hierarchy'));
      any = true;
    }
  }
  return any ? orderHierarchy(out) : undefined;
}

/** Keeps hierarchy levels in lvl0 → lvl6 order (the /search page uses the last key as the title). */
function orderHierarchy(out: Json): Json {
  const h = out.hierarchy;
  if (h && typeof h === 'object' && !Array.isArray(h)) {
    const ordered: Json = {};
    for (const level of LEVELS) if (level in (h as Json)) ordered[level] = (h as Json)[level];
    for (const [k, v] of Object.entries(h as Json)) if (!(k in ordered)) ordered[k] = v;
    out.hierarchy = ordered;
  }
  return out;
}
