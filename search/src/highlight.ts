/**
 * `_highlightResult` and `_snippetResult` values. Text is HTML-escaped first; the only markup in a
 * value is the highlight tags (and the snippet ellipsis). A word matched as a prefix is highlighted
 * only over the typed part (`<em>rout</em>er`), a camel-case part only over itself.
 */
import type { Dictionary } from './dictionary.ts';
import { KIND_PREFIX, qualityKind } from './matcher.ts';
import { escapeHtml, tokenize } from './text.ts';

export type MatchLevel = 'none' | 'partial' | 'full';

export interface HighlightOption {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SnippetOption {
  value: string;
  matchLevel: MatchLevel;
}

export interface HighlightUnit {
  /** Query words reported in matchedWords. */
  words: string[];
  /** Length of the typed word, for prefix highlights. */
  typedLength: number;
  terms: Map<number, number>;
}

export interface HighlightContext {
  dict: Dictionary;
  units: HighlightUnit[];
  preTag: string;
  postTag: string;
  ellipsis: string;
  /** Analyses of texts already seen in this response (hits of one page share their headings). */
  cache?: Map<string, Analysis>;
}

/**
 * The words of one text, as parallel arrays: term id (-1 when not in the dictionary), character
 * range, and 1 for camel-case parts and joined words. Either from the tokenizer or, for indexed
 * attributes, straight from the index (no second tokenization).
 */
export interface TokenRun {
  /** Tokens are the entries offset … offset + length - 1 of the arrays. */
  offset: number;
  length: number;
  terms: ArrayLike<number>;
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  parts: ArrayLike<number>;
}

export interface Analysis {
  run: TokenRun;
  /** Highlighted [start, end) character ranges, sorted and merged. */
  ranges: [number, number][];
  /** Units matched by each token (bit mask), parallel to the run. */
  tokenUnits: Int32Array;
  allUnits: number;
}

export function runOfText(text: string, ctx: HighlightContext, concat: boolean): TokenRun {
  const tokens = tokenize(text, { concat });
  return {
    offset: 0,
    length: tokens.length,
    terms: tokens.map((t) => ctx.dict.id(t.norm)),
    starts: tokens.map((t) => t.start),
    ends: tokens.map((t) => t.end),
    parts: tokens.map((t) => (t.part ? 1 : 0)),
  };
}

/** Texts longer than this are not looked up in the per-response cache (paragraphs are rarely shared). */
const CACHED_TEXT_LENGTH = 200;

function analyse(text: string, ctx: HighlightContext, concat: boolean, run?: TokenRun): Analysis {
  if (!ctx.cache || text.length > CACHED_TEXT_LENGTH) return analyseRun(run ?? runOfText(text, ctx, concat), ctx);
  const cacheKey = (concat ? '1' : '0') + text;
  const cached = ctx.cache.get(cacheKey);
  if (cached) return cached;
  const result = analyseRun(run ?? runOfText(text, ctx, concat), ctx);
  ctx.cache.set(cacheKey, result);
  return result;
}

function analyseRun(run: TokenRun, ctx: HighlightContext): Analysis {
  const raw: [number, number][] = [];
  const tokenUnits = new Int32Array(run.length);
  let allUnits = 0;
  const units = ctx.units;
  const o = run.offset;
  for (let i = 0; i < run.length; i++) {
    const term = run.terms[o + i]!;
    if (term < 0) continue;
    for (let u = 0; u < units.length; u++) {
      const unit = units[u]!;
      const quality = unit.terms.get(term);
      if (quality === undefined) continue;
      tokenUnits[i]! |= 1 << u;
      allUnits |= 1 << u;
      const start = run.starts[o + i]!;
      const end = qualityKind(quality) === KIND_PREFIX ? Math.min(run.ends[o + i]!, start + unit.typedLength) : run.ends[o + i]!;
      raw.push([start, end]);
    }
  }
  raw.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const ranges: [number, number][] = [];
  for (const r of raw) {
    const last = ranges[ranges.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else ranges.push([r[0], r[1]]);
  }
  return { run, ranges, tokenUnits, allUnits };
}

/** Escaped text[from, to) with highlight tags around the ranges (clipped to the window). */
function render(text: string, from: number, to: number, ranges: [number, number][], ctx: HighlightContext): string {
  let out = '';
  let at = from;
  for (const [s0, e0] of ranges) {
    const s = Math.max(s0, from);
    const e = Math.min(e0, to);
    if (e <= s) continue;
    out += escapeHtml(text.slice(at, s)) + ctx.preTag + escapeHtml(text.slice(s, e)) + ctx.postTag;
    at = e;
  }
  return out + escapeHtml(text.slice(at, to));
}

function level(units: number, ctx: HighlightContext): MatchLevel {
  if (units === 0 || ctx.units.length === 0) return 'none';
  const all = (1 << ctx.units.length) - 1;
  return (units & all) === all ? 'full' : 'partial';
}

function matchedWords(units: number, ctx: HighlightContext): string[] {
  const out: string[] = [];
  ctx.units.forEach((unit, u) => {
    if (units & (1 << u)) out.push(...unit.words);
  });
  return out;
}

export function highlight(text: string, ctx: HighlightContext, concat = false, run?: TokenRun): HighlightOption {
  const a = analyse(text, ctx, concat, run);
  const matchLevel = level(a.allUnits, ctx);
  const option: HighlightOption = {
    value: render(text, 0, text.length, a.ranges, ctx),
    matchLevel,
    matchedWords: matchedWords(a.allUnits, ctx),
  };
  if (matchLevel !== 'none') {
    let words = 0;
    let covered = 0;
    const o = a.run.offset;
    for (let i = 0; i < a.run.length; i++) {
      if (a.run.parts[o + i]) continue;
      words += 1;
      const s = a.run.starts[o + i]!;
      const e = a.run.ends[o + i]!;
      if (a.ranges.some(([rs, re]) => rs <= s && re >= e)) covered += 1;
    }
    option.fullyHighlighted = words > 0 && covered === words;
  }
  return option;
}

/** Index of the first word of the best window of `size` words: most units, then most matched words. */
function bestWindow(wordUnits: number[], size: number): number {
  const n = wordUnits.length;
  if (n <= size) return 0;
  const perUnit = new Array<number>(32).fill(0);
  let distinct = 0;
  let count = 0;
  const add = (u: number, delta: number) => {
    if (u === 0) return;
    count += delta;
    for (let bit = 0; u >> bit; bit++) {
      if (!((u >> bit) & 1)) continue;
      if (delta > 0 && perUnit[bit]++ === 0) distinct += 1;
      if (delta < 0 && --perUnit[bit]! === 0) distinct -= 1;
    }
  };
  for (let i = 0; i < size; i++) add(wordUnits[i]!, 1);
  let best = 0;
  let bestUnits = distinct;
  let bestCount = count;
  for (let s = 1; s + size <= n; s++) {
    add(wordUnits[s - 1]!, -1);
    add(wordUnits[s + size - 1]!, 1);
    if (distinct > bestUnits || (distinct === bestUnits && count > bestCount)) {
      best = s;
      bestUnits = distinct;
      bestCount = count;
    }
  }
  if (bestCount <= 0) return 0;
  // Centre the matched words of the chosen window, for context on both sides.
  let first = -1;
  let last = -1;
  for (let i = best; i < best + size; i++) {
    if (wordUnits[i] !== 0) {
      if (first < 0) first = i;
      last = i;
    }
  }
  const slack = size - (last - first + 1);
  const start = first - Math.floor(slack / 2);
  return Math.max(0, Math.min(start, n - size));
}

export function snippet(text: string, size: number, ctx: HighlightContext, concat = false, run?: TokenRun): SnippetOption {
  const a = analyse(text, ctx, concat, run);
  const r = a.run;
  const o = r.offset;
  const wordIdx: number[] = [];
  for (let i = 0; i < r.length; i++) if (!r.parts[o + i]) wordIdx.push(i);
  if (wordIdx.length <= size) {
    return { value: render(text, 0, text.length, a.ranges, ctx), matchLevel: level(a.allUnits, ctx) };
  }
  // Units per whole word, including matches on its camel-case parts.
  const wordUnits = wordIdx.map((ti, w) => {
    const endTok = w + 1 < wordIdx.length ? wordIdx[w + 1]! : r.length;
    let u = 0;
    for (let j = ti; j < endTok; j++) u |= a.tokenUnits[j]!;
    return u;
  });
  const s = bestWindow(wordUnits, size);
  const e = s + size - 1;
  let from = s === 0 ? 0 : r.starts[o + wordIdx[s]!]!;
  // Keep punctuation glued to the first word too (an opening parenthesis or quote).
  while (from > 0 && !/[\s\p{L}\p{N}]/u.test(text[from - 1]!)) from -= 1;
  let to = text.length;
  if (e < wordIdx.length - 1) {
    to = r.ends[o + wordIdx[e]!]!;
    // Keep punctuation glued to the last word (a closing parenthesis, a full stop).
    while (to < text.length && !/[\s\p{L}\p{N}]/u.test(text[to]!)) to += 1;
  }
  let units = 0;
  for (let w = s; w <= e; w++) units |= wordUnits[w]!;
  const body = render(text, from, to, a.ranges, ctx);
  const value = (s > 0 ? ctx.ellipsis : '') + body + (to < text.length ? ctx.ellipsis : '');
  return { value, matchLevel: level(units, ctx) };
}
