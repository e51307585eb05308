/**
 * Commands:
 *   index  read the built site into the index file (default site/build → search/data/index.json)
 *   serve  serve the index over HTTP (default 127.0.0.1:7700)
 * Run `tsx src/cli.ts help` for the options. Errors print one clear line and exit with status 1.
 */
import { ConfigError, indexConfig, serveConfig } from './config.ts';
import { Engine } from './engine.ts';
import { buildIndex, IndexFileError, loadIndexFile, writeIndexAtomic } from './indexFile.ts';
import { SearchIndex } from './searchIndex.ts';
import { createSearchServer } from './server.ts';
import type { DocSearchRecord } from './types.ts';

const HELP = `Usage: tsx src/cli.ts <command> [options]

index   Build the search index from the built site.
  --build DIR        built site (env SEARCH_BUILD_DIR, default ../site/build)
  --out FILE         index file to write (env SEARCH_INDEX_FILE, default data/index.json)
  --site-url URL     origin of the URLs in the records (env SITE_URL, default http://localhost:3000)
  --quiet            print nothing but errors

serve   Serve the index (Algolia-compatible API).
  --port N           (env SEARCH_PORT, default 7700)
  --host HOST        (env SEARCH_HOST, default 127.0.0.1)
  --index FILE       (env SEARCH_INDEX_FILE, default data/index.json)
  --app-id ID        (env SEARCH_APP_ID, default TRPCLOCAL)
  --api-key KEY      (env SEARCH_API_KEY, default trpc-public-search-key)
  --index-name NAME  (env SEARCH_INDEX, default trpc-docs)
  --allowed-origins  comma-separated origins or * (env SEARCH_ALLOWED_ORIGINS, default *)
  --site-url URL     rewrite record URLs to this origin (env SITE_URL; default: as indexed)
  --max-body-bytes N (env SEARCH_MAX_BODY_BYTES, default 102400)
  --max-batch N      queries per multi-query request (env SEARCH_MAX_BATCH, default 50)
  --rate-limit N     requests per client address per minute, 0 = off (env SEARCH_RATE_LIMIT, default 1200)
  --max-connections N  open connections in all (env SEARCH_MAX_CONNECTIONS, default 1024)
  --reader-threads N threads searching for readers beside the event loop, each with its own copy of
                     the index (about 150 MB); 0 = on the event loop (env SEARCH_READER_THREADS, default 2, 1 on one core)
  --trust-proxy V    behind a reverse proxy: which proxies to believe about the client's address
                     (X-Forwarded-For), so per-address limits count readers, not the proxy: true, a hop
                     count, or proxy addresses/CIDRs, comma-separated (env SEARCH_TRUST_PROXY, default false);
                     prefer addresses or a hop count: with true, a client can name any address it likes
  --quiet            no request log (env SEARCH_QUIET=1)
`;

function rewriteOrigin(records: DocSearchRecord[], origin: string): void {
  for (const r of records) {
    for (const key of ['url', 'url_without_anchor'] as const) {
      const u = new URL(r[key]);
      r[key] = origin + u.pathname + u.search + u.hash;
    }
  }
}

async function runIndex(argv: string[]): Promise<void> {
  const cfg = indexConfig(argv, process.env);
  const started = Date.now();
  const summary = await buildIndex(cfg.buildDir, cfg.siteUrl);
  await writeIndexAtomic(cfg.out, summary.index);
  if (cfg.quiet) return;
  const kinds = Object.entries(summary.byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  console.log(`Indexed ${summary.indexed} pages (${kinds}) into ${summary.index.records.length} records in ${Date.now() - started} ms.`);
  console.log(`Skipped ${summary.skipped.length} pages (404, search, lists, redirects, noindex).`);
  for (const p of summary.truncated) console.log(`Warning: ${p} has more than 750 records; the rest were dropped.`);
  console.log(`Wrote ${cfg.out}`);
}

async function runServe(argv: string[]): Promise<void> {
  const cfg = serveConfig(argv, process.env);
  const index = await loadIndexFile(cfg.indexFile);
  if (cfg.siteUrl && cfg.siteUrl !== index.siteUrl) rewriteOrigin(index.records, cfg.siteUrl);
  const engine = new Engine(new SearchIndex(index.records), cfg.indexName);
  // The event loop answers while no reader thread is ready yet: warm it too (Engine.warmUp).
  engine.warmUp();
  const service = await createSearchServer(engine, cfg);
  const port = await service.listen(cfg.port, cfg.host).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') throw new ConfigError(`Port ${cfg.port} on ${cfg.host} is already in use`);
    if (err.code === 'EACCES') throw new ConfigError(`No permission to listen on ${cfg.host}:${cfg.port}`);
    throw new ConfigError(`Cannot listen on ${cfg.host}:${cfg.port}: ${err.code ?? err.message}`);
  });
  console.log(
    `Search service: http://${cfg.host}:${port} index "${cfg.indexName}" (${index.records.length} records from ${cfg.indexFile}), app id ${cfg.appId}`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing the search service on port ${port}`);
    service.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'index') return runIndex(rest);
  if (command === 'serve') return runServe(rest);
  if (command === undefined || command === 'help' || command === '--help') {
    process.stdout.write(HELP);
    return;
  }
  throw new ConfigError(`Unknown command "${command}". Commands: index, serve, help.`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof IndexFileError) {
    console.error(`Error: ${err.message}`);
  } else {
    console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exit(1);
});
