import { engineFor, rec } from './test/helpers.ts';
import { parseSearchParams } from './src/params.ts';
const words = ['alpha', 'apple', 'anchor', 'array', 'async', 'await', 'batch', 'beta', 'cache', 'client', 'context', 'router'];
const records = Array.from({ length: 3000 }, (_, i) => rec({ page: `/docs/p${Math.floor(i / 10)}`, anchor: `a${i}`, h: { lvl1: `Page ${Math.floor(i / 10)}`, lvl2: `Section ${i}` }, content: Array.from({ length: 200 }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(' ') }));
const t = performance.now();
const e = engineFor(records, 'mysite');
console.log('index', performance.now() - t);
for (const [hpp, sn] of [[1000, 200], [300, 100], [200, 50], [100,200]]) {
  const p = parseSearchParams({ query: 'a', hitsPerPage: hpp, distinct: 0, queryType: 'prefixAll', attributesToSnippet: [`content:${sn}`], highlightPreTag: '<mark>', highlightPostTag: '</mark>' });
  e.search(p);
  const t0 = performance.now(); const r = e.search(p); const s = JSON.stringify(r);
  console.log(hpp, sn, (performance.now() - t0).toFixed(0), 'ms', s.length);
}
const rd = parseSearchParams({ query: 'router', hitsPerPage: 20, highlightPreTag: '<mark>', highlightPostTag: '</mark>' });
e.search(rd); const t1 = performance.now(); e.search(rd); console.log('reader', (performance.now() - t1).toFixed(1));
