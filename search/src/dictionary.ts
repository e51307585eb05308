/**
 * The index dictionary: every distinct word, sorted, so that the words starting with a prefix are a
 * contiguous range of term ids. A trie over the same words answers typo-tolerant lookups (optimal
 * string alignment distance: insertion, deletion, substitution, transposition of neighbours),
 * for whole words and, for prefix words, for any word whose beginning is within the distance.
 */

import { wordStem } from './text.ts';

export interface TermMatch {
  term: number;
  typos: number;
  /** Matched as the beginning of a longer word (the last query word). */
  prefix: boolean;
}

export class Dictionary {
  readonly terms: string[];
  private readonly ids = new Map<string, number>();
  // Trie, nodes in arrays. Children of a node are a linked list in character order.
  private readonly firstChild: Int32Array;
  private readonly nextSibling: Int32Array;
  private readonly char: Uint16Array;
  private readonly termAt: Int32Array;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly nodeCount: number;

  private stems: Map<string, number[]> | null = null;

  /** Ids of the words whose stem (`wordStem`) is `stem`; built on first use. */
  withStem(stem: string): readonly number[] {
    if (!this.stems) {
      this.stems = new Map();
      this.terms.forEach((t, i) => {
        const key = wordStem(t);
        const list = this.stems!.get(key);
        if (list) list.push(i);
        else this.stems!.set(key, [i]);
      });
    }
    return this.stems.get(stem) ?? [];
  }

  /** `sortedTerms` must be sorted and without duplicates; term ids are their positions. */
  constructor(sortedTerms: string[]) {
    this.terms = sortedTerms;
    sortedTerms.forEach((t, i) => this.ids.set(t, i));
    let capacity = 1;
    for (const t of sortedTerms) capacity += t.length;
    this.firstChild = new Int32Array(capacity).fill(-1);
    this.nextSibling = new Int32Array(capacity).fill(-1);
    this.char = new Uint16Array(capacity);
    this.termAt = new Int32Array(capacity).fill(-1);
    this.lo = new Int32Array(capacity);
    this.hi = new Int32Array(capacity);
    const lastChild = new Int32Array(capacity).fill(-1);
    let count = 1; // node 0 is the root
    this.lo[0] = 0;
    this.hi[0] = sortedTerms.length;
    const path: number[] = [0];
    let previous = '';
    sortedTerms.forEach((term, id) => {
      let common = 0;
      const limit = Math.min(previous.length, term.length);
      while (common < limit && previous.charCodeAt(common) === term.charCodeAt(common)) common += 1;
      path.length = common + 1;
      for (let d = common; d < term.length; d++) {
        const parent = path[d]!;
        const node = count++;
        this.char[node] = term.charCodeAt(d);
        this.lo[node] = id;
        if (lastChild[parent] === -1) this.firstChild[parent] = node;
        else this.nextSibling[lastChild[parent]!] = node;
        lastChild[parent] = node;
        path.push(node);
      }
      for (let d = 1; d < path.length; d++) this.hi[path[d]!] = id + 1;
      this.termAt[path[term.length]!] = id;
      previous = term;
    });
    this.nodeCount = count;
  }

  get size(): number {
    return this.terms.length;
  }

  get trieNodes(): number {
    return this.nodeCount;
  }

  id(term: string): number {
    return this.ids.get(term) ?? -1;
  }

  /** Term ids [lo, hi) of the words starting with `prefix`. */
  prefixRange(prefix: string): [number, number] {
    const terms = this.terms;
    let a = 0;
    let b = terms.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (terms[mid]! < prefix) a = mid + 1;
      else b = mid;
    }
    const lo = a;
    b = terms.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (terms[mid]!.startsWith(prefix)) a = mid + 1;
      else b = mid;
    }
    return [lo, a];
  }

  /**
   * Words within `maxTypos` of `word`. With `prefix`, also every word that starts with something
   * within `maxTypos` of `word` (only beginnings at least as long as `word`, so a short prefix does
   * not match everything). Calls `emit` for each term id once per range; a term can be reported
   * more than once with different typo counts, and the caller keeps the lowest.
   */
  fuzzy(word: string, maxTypos: number, prefix: boolean, emit: (lo: number, hi: number, typos: number, prefixMatch: boolean) => void): void {
    const n = word.length;
    if (n === 0) return;
    const q = new Uint16Array(n);
    for (let j = 0; j < n; j++) q[j] = word.charCodeAt(j);
    const maxDepth = n + maxTypos;
    // Cells farther than maxTypos from the diagonal can only exceed maxTypos: compute the band only,
    // with everything beyond it held at cap.
    const cap = maxTypos + 1;
    const rows: Int32Array[] = [];
    for (let d = 0; d <= maxDepth + 1; d++) rows.push(new Int32Array(n + 2));
    const row0 = rows[0]!;
    for (let j = 0; j <= n; j++) row0[j] = Math.min(j, cap);
    row0[n + 1] = cap;
    const chars = new Uint16Array(maxDepth + 2);

    const visit = (node: number, depth: number) => {
      const row = rows[depth]!;
      const prev = rows[depth - 1]!;
      const c = this.char[node]!;
      chars[depth] = c;
      const lo = Math.max(1, depth - maxTypos);
      const hi = Math.min(n, depth + maxTypos);
      row[0] = Math.min(depth, cap);
      if (lo > 1) row[lo - 1] = cap;
      let min = row[0]!;
      for (let j = lo; j <= hi; j++) {
        const cost = q[j - 1] === c ? 0 : 1;
        let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
        if (depth > 1 && j > 1 && q[j - 1] === chars[depth - 1] && q[j - 2] === c) {
          v = Math.min(v, rows[depth - 2]![j - 2]! + 1);
        }
        if (v > cap) v = cap;
        row[j] = v;
        if (v < min) min = v;
      }
      if (hi + 1 <= n) row[hi + 1] = cap;
      if (lo > n) row[n] = cap;
      if (min > maxTypos) return;
      const dist = hi >= n ? row[n]! : cap;
      const term = this.termAt[node]!;
      if (prefix && depth >= n && dist <= maxTypos) {
        emit(this.lo[node]!, this.hi[node]!, dist, true);
        // Every word below is already reported; go on only where a closer beginning may exist.
        if (min >= dist) return;
      } else if (term >= 0 && dist <= maxTypos) {
        emit(term, term + 1, dist, false);
      }
      if (depth >= maxDepth) return;
      for (let child = this.firstChild[node]!; child !== -1; child = this.nextSibling[child]!) visit(child, depth + 1);
    };
    for (let child = this.firstChild[0]!; child !== -1; child = this.nextSibling[child]!) visit(child, 1);
  }
}
