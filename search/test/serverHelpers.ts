import http from 'node:http';
import { buildIndex } from '../src/indexFile.ts';
import { createSearchServer, type SearchService, type ServerOptions } from '../src/server.ts';
import { engineFor, FIXTURE_BUILD, SITE } from './helpers.ts';

export interface Running {
  service: SearchService;
  base: string;
  port: number;
  logs: string[];
  stop(): Promise<void>;
}

export const DEFAULT_OPTS: ServerOptions = {
  appId: 'TESTAPPID1',
  apiKey: 'searchkey123',
  indexName: 'mysite',
  allowedOrigins: '*',
  quiet: true,
  maxBodyBytes: 100 * 1024,
  maxBatch: 50,
  // Test files start servers side by side in one process; building a fixture index blocks the loop
  // of the others for a moment. Load shedding has its own test (attacks.test.ts).
  maxEventLoopDelayMs: 0,
  // The fuzz sends 10,000 requests from one address, 16 at a time, many of them heavy; the rate
  // limit and the cap on heavy requests per address have their own tests too (attacks.test.ts).
  rateLimit: 0,
  maxHeavyPerAddress: 64,
  // The heavy-work thread's low priority is a throughput policy, measured by the bench; on a test
  // machine busy with other work it would leave heavy requests waiting past their timeout.
  heavyNice: 0,
};

/** Starts a server over the fixture build on a free port. */
export async function startServer(overrides: Partial<ServerOptions> = {}): Promise<Running> {
  const { index } = await buildIndex(FIXTURE_BUILD, SITE);
  const logs: string[] = [];
  const service = await createSearchServer(engineFor(index.records, overrides.indexName ?? DEFAULT_OPTS.indexName), {
    ...DEFAULT_OPTS,
    log: (line) => logs.push(line),
    ...overrides,
  });
  const port = await service.listen(0, '127.0.0.1');
  return { service, port, base: `http://127.0.0.1:${port}`, logs, stop: () => service.close(1000) };
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

/** A raw HTTP request (no fetch: it must be able to send anything, including odd headers). */
export function request(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; agent?: http.Agent | false; localAddress?: string },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: opts.method ?? 'POST', path: opts.path, headers: opts.headers, agent: opts.agent, localAddress: opts.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = undefined;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

export const AUTH_QS = 'x-algolia-api-key=searchkey123&x-algolia-application-id=TESTAPPID1';
export const QUERIES = `/1/indexes/*/queries?${AUTH_QS}`;
