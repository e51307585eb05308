import { describe, expect, it } from 'vitest';
import { Dictionary } from '../src/dictionary.ts';

const words = ['route', 'router', 'routers', 'routing', 'rout', 'query', 'queries', 'link', 'links', 'linker', 'rot', 'robot', 'ort', 'subscription'].sort();
const dict = new Dictionary(words);

function fuzzy(word: string, k: number, prefix: boolean): Record<string, number> {
  const best: Record<string, number> = {};
  dict.fuzzy(word, k, prefix, (lo, hi, d) => {
    for (let t = lo; t < hi; t++) {
      const w = dict.terms[t]!;
      if (best[w] === undefined || d < best[w]!) best[w] = d;
    }
  });
  return best;
}

/** Reference optimal-string-alignment distance. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('Dictionary', () => {
  it('finds ids and prefix ranges', () => {
    expect(dict.id('router')).toBeGreaterThanOrEqual(0);
    expect(dict.id('nope')).toBe(-1);
    const [lo, hi] = dict.prefixRange('rout');
    expect(dict.terms.slice(lo, hi)).toEqual(['rout', 'route', 'router', 'routers', 'routing']);
    expect(dict.prefixRange('zzz')).toEqual([dict.size, dict.size]);
  });

  it('matches whole words within the typo distance, transpositions counting once', () => {
    expect(fuzzy('rotuer', 1, false)).toEqual({ router: 1 });
    expect(fuzzy('quary', 1, false)).toEqual({ query: 1 });
    expect(fuzzy('subscirption', 1, false)).toEqual({ subscription: 1 });
    expect(fuzzy('subscirptoin', 1, false)).toEqual({});
    expect(fuzzy('subscirptoin', 2, false)).toEqual({ subscription: 2 });
  });

  it('agrees with a reference distance on every word', () => {
    for (const q of ['rotuer', 'lnk', 'querys', 'robto', 'routre', 'rot']) {
      for (const k of [1, 2]) {
        const expected = Object.fromEntries(words.map((w) => [w, osa(q, w)]).filter(([, d]) => (d as number) <= k));
        expect(fuzzy(q, k, false), `${q} k=${k}`).toEqual(expected);
      }
    }
  });

  it('matches prefixes, with typos, only for beginnings at least as long as the query word', () => {
    const found = fuzzy('rout', 1, true);
    expect(found.router).toBe(0);
    expect(found.routing).toBe(0);
    expect(found.robot).toBeUndefined(); // 'robo' is 2 edits from 'rout'
    const typo = fuzzy('rotu', 1, true);
    expect(typo.router).toBe(1); // 'rotu' ~ 'rout' by transposition
    expect(fuzzy('lin', 0, true)).toEqual({ link: 0, linker: 0, links: 0 });
    // 'ro' is one deletion from 'rot' but too short to count as its beginning
    expect(fuzzy('rot', 1, true).robot).toBe(1); // via 'rob'
    expect(Object.keys(fuzzy('rot', 1, true))).not.toContain('query');
  });

  it('matches a brute-force reference on random words, whole and prefix', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const word = (min: number, max: number) => Array.from({ length: min + Math.floor(rnd() * (max - min + 1)) }, () => 'abcd'[Math.floor(rnd() * 4)]).join('');
    const vocab = [...new Set(Array.from({ length: 400 }, () => word(1, 9)))].sort();
    const d = new Dictionary(vocab);
    for (let i = 0; i < 150; i++) {
      const q = word(2, 8);
      const k = 1 + (i % 2);
      for (const prefix of [false, true]) {
        const got: Record<string, number> = {};
        d.fuzzy(q, k, prefix, (lo, hi, dist) => {
          for (let t = lo; t < hi; t++) got[d.terms[t]!] = Math.min(got[d.terms[t]!] ?? 99, dist);
        });
        const want: Record<string, number> = {};
        for (const t of vocab) {
          let best = osa(q, t);
          if (prefix) for (let len = q.length; len <= t.length; len++) best = Math.min(best, osa(q, t.slice(0, len)));
          if (best <= k) want[t] = best;
        }
        expect(got, `${q} k=${k} prefix=${prefix}`).toEqual(want);
      }
    }
  });
});

