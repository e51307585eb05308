/**
 * Why a query ranks as it does: the first hits with the record that carried each page and its
 * ranking tuple. For ranking work on the tuning half.
 *   node --import tsx bench/explain.ts [--index FILE] [--version 10.x] "query" ["query" …]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from '../src/config.ts';
import { Engine } from '../src/engine.ts';
import { loadIndexFile } from '../src/indexFile.ts';
import { parseSearchParams } from '../src/params.ts';
import { SearchIndex } from '../src/searchIndex.ts';
import { modalRequest } from './relevance.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const flags = parseFlags(argv.filter((a, i) => a.startsWith('--') || (i > 0 && argv[i - 1]!.startsWith('--'))));
const queries = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && argv[i - 1]!.startsWith('--')));
const file = typeof flags.get('index') === 'string' ? String(flags.get('index')) : path.join(HERE, '..', 'data', 'index.json');
const version = typeof flags.get('version') === 'string' ? String(flags.get('version')) : undefined;
const top = Number(flags.get('top') ?? 8);

const index = await loadIndexFile(file);
const searchIndex = new SearchIndex(index.records);
const engine = new Engine(searchIndex, 'trpc-docs');
const recordAt = new Map(index.records.map((r, i) => [r.objectID, i]));
// The page-weight bucket (g, 0 = the best page) is not part of Algolia's ranking info; read it
// from the engine's scoring state, which still holds the query just run.
const pageBucket = (objectID: string) => (engine as unknown as { scoring: { pageWeight(r: number): number } }).scoring.pageWeight(recordAt.get(objectID) ?? 0);
for (const query of queries) {
  const params = parseSearchParams({ ...modalRequest({ query, expect: '', version }, 'trpc-docs'), getRankingInfo: true, attributesToRetrieve: ['*'] });
  const res = engine.search(params);
  console.log(`\n${JSON.stringify(query)} (${version ?? 'current'}): ${res.nbHits} hits`);
  for (const hit of res.hits.slice(0, top) as Record<string, any>[]) {
    const h = hit.hierarchy;
    const levels = ['lvl1', 'lvl2', 'lvl3', 'lvl4'].map((l) => h[l]).filter(Boolean).join(' > ');
    const ri = hit._rankingInfo;
    const text = hit.content ? `  «${String(hit.content).slice(0, 70)}»` : '';
    console.log(`  ${new URL(hit.url).pathname.padEnd(44)} ${hit.type.padEnd(7)} w${ri.words} t${ri.nbTypos} a${ri.firstMatchedWord} p${ri.proximityDistance} e${ri.nbExactWords} f${ri.filters} g${pageBucket(hit.objectID)} | ${levels}${text}`);
  }
}
