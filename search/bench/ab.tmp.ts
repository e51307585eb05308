// A/B: the old hand-written server and the new Fastify one, same index, same process flags.
import { loadIndexFile } from '../src/indexFile.ts';
import { Engine } from '../src/engine.ts';
import { SearchIndex } from '../src/searchIndex.ts';
const which = process.argv[2];
const port = Number(process.argv[3]);
const index = await loadIndexFile('/tmp/ss/index.json');
const engine = new Engine(new SearchIndex(index.records), 'trpc-docs');
const base = { appId: 'TRPCLOCAL', apiKey: 'trpc-public-search-key', indexName: 'trpc-docs', allowedOrigins: '*' as const, quiet: true, maxBodyBytes: 102400, maxBatch: 50 };
if (which === 'old') {
  const { createSearchServer } = await import('../src/server_old.tmp.ts');
  const s = createSearchServer(engine, base);
  s.server.listen(port, '127.0.0.1', () => console.log('Search service: ready'));
} else {
  const { createSearchServer } = await import('../src/server.ts');
  const s = await createSearchServer(engine, { ...base, rateLimit: 0 });
  await s.listen(port, '127.0.0.1');
  console.log('Search service: ready');
}
