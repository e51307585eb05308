/**
 * Runs the queries of one request with bounded work, and serialises the answer piece by piece.
 *
 * One request can ask for a lot: 50 queries of 1000 hits each, every hit with 1000-word snippets.
 * Run in one go, that blocked the event loop for seconds and built a response of hundreds of MB.
 * Here a request is checked and run in pieces:
 *   - the hits asked for across the batch (sum of hitsPerPage) are capped before any search runs;
 *   - a query asking for many hits is rendered `pieceHits` hits at a time (page windows of the same
 *     ranking, so the hits are exactly those of the whole page), and each piece is serialised at once;
 *   - whenever `sliceMs` of work has passed, the request yields; from then on it counts as heavy:
 *     heavy requests run one at a time (the others wait their turn), and while other requests are
 *     in flight a heavy one pauses three slices between slices, so readers get at least three
 *     quarters of the CPU and never wait behind more than one slice;
 *   - the serialised bytes and the work time are counted as the pieces are made: past
 *     `maxResponseBytes` or `budgetMs` the request stops with a 400 (never a 5xx: a 5xx makes clients
 *     retry the same request on the next replica);
 *   - a client that went away stops the work at the next piece.
 * The response is built by joining the serialised pieces, never by one JSON.stringify of the whole.
 */
import { performance } from 'node:perf_hooks';
import type { Engine, SearchResponse } from './engine.ts';
import { ParamError } from './errors.ts';
import type { SearchParams } from './params.ts';
import { LIMITS } from './settings.ts';

export interface BatchLimits {
  /** Hits asked for across one request (sum of hitsPerPage). Algolia's own cap is 1000 per query. */
  maxBatchHits: number;
  /** Bytes of one serialised response. */
  maxResponseBytes: number;
  /** Work time (ms) one request may use, summed over its pieces (time spent waiting is not counted). */
  budgetMs: number;
  /** Work (ms) after which the runner yields to other requests. */
  sliceMs: number;
  /** Hits rendered per piece. */
  pieceHits: number;
}

/** Thrown when the client disconnected: nothing is sent. */
export class ClientGone extends Error {}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Shared by the requests of one server: how many are in flight (the server counts them), and the
 * turn of the heavy ones.
 */
export class WorkGate {
  inFlight = 0;
  heavy = 0;
  private tail: Promise<void> = Promise.resolve();

  /** Waits for the heavy requests ahead; resolves with the function that ends this one's turn. */
  async turn(): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const ahead = this.tail;
    this.tail = ahead.then(() => mine);
    this.heavy += 1;
    await ahead;
    return () => {
      this.heavy -= 1;
      release();
    };
  }

  /** Other requests than the heavy ones are waiting or running. */
  readersWaiting(): boolean {
    return this.inFlight > this.heavy;
  }
}

class Run {
  bytes = 0;
  work = 0;
  private sliceStart = performance.now();
  private endTurn: (() => void) | null = null;

  constructor(
    readonly engine: Engine,
    readonly limits: BatchLimits,
    readonly gone: () => boolean,
    readonly gate: WorkGate,
  ) {}

  /** Runs one engine call, counting its time; yields first if this slice is used up. */
  async search(p: SearchParams): Promise<SearchResponse> {
    if (performance.now() - this.sliceStart >= this.limits.sliceMs) {
      if (this.endTurn === null) {
        // Heavy from now on: wait for the heavy requests ahead (readers go first meanwhile).
        const end = await this.gate.turn();
        if (this.gone()) {
          end();
          throw new ClientGone();
        }
        this.endTurn = end;
      }
      if (this.gate.readersWaiting()) await sleep(3 * this.limits.sliceMs);
      else await yieldToLoop();
      this.sliceStart = performance.now();
    }
    if (this.gone()) throw new ClientGone();
    const t0 = performance.now();
    try {
      return this.engine.search(p);
    } finally {
      this.charge(performance.now() - t0);
    }
  }

  charge(ms: number): void {
    this.work += ms;
    if (this.work > this.limits.budgetMs) {
      throw new ParamError(
        `Request too expensive: it needed more than ${this.limits.budgetMs} ms of search work; ask for fewer queries, fewer hits or shorter snippets`,
      );
    }
  }

  /** Counts the bytes of a serialised part, with the time it took to make it. */
  add(text: string, since: number): string {
    this.charge(performance.now() - since);
    this.bytes += Buffer.byteLength(text);
    if (this.bytes > this.limits.maxResponseBytes) {
      throw new ParamError(
        `Response too large: it would exceed ${this.limits.maxResponseBytes} bytes; ask for fewer hits, fewer attributes or shorter snippets`,
      );
    }
    return text;
  }

  /** Ends this request's heavy turn, if it had one. */
  done(): void {
    this.endTurn?.();
    this.endTurn = null;
  }
}

const HITS_HEAD = '{"hits":[]';

/** One query, serialised. Many hits are rendered in windows of `pieceHits`. */
async function runQuery(run: Run, p: SearchParams): Promise<string> {
  const H = p.hitsPerPage;
  const s = run.limits.pieceHits;
  if (H <= s) {
    const response = await run.search(p);
    const t0 = performance.now();
    return run.add(JSON.stringify(response), t0);
  }
  // Ranks [from, to) of the whole page, taken from windows `page = k` of `s` hits of the same ranking.
  const from = p.page * H;
  let k = Math.floor(from / s);
  const first = await run.search({ ...p, hitsPerPage: s, page: k });
  let processingTimeMS = first.processingTimeMS;
  const reachable = Math.min(first.nbHits, LIMITS.paginationLimitedTo);
  const to = Math.min(from + H, reachable);
  const parts: string[] = [];
  const take = (response: SearchResponse, window: number) => {
    const lo = Math.max(from - window * s, 0);
    const hi = Math.min(to - window * s, s);
    if (hi <= lo) return;
    const t0 = performance.now();
    parts.push(run.add(JSON.stringify(response.hits.slice(lo, hi)).slice(1, -1), t0));
  };
  take(first, k);
  // Later windows: no facets (counted once, from the first), no new queryID.
  const rest: SearchParams = { ...p, hitsPerPage: s, facets: [], clickAnalytics: false };
  for (k += 1; k * s < to; k++) {
    const response = await run.search({ ...rest, page: k });
    processingTimeMS += response.processingTimeMS;
    take(response, k);
  }

  const meta: SearchResponse = {
    ...first,
    hits: [],
    page: p.page,
    hitsPerPage: H,
    nbPages: Math.ceil(reachable / H),
    processingTimeMS,
  };
  const t0 = performance.now();
  const head = JSON.stringify(meta);
  if (!head.startsWith(HITS_HEAD)) throw new Error('search response does not start with its hits');
  return run.add(`{"hits":[${parts.join(',')}]`, t0) + run.add(head.slice(HITS_HEAD.length), t0);
}

function checkHits(queries: SearchParams[], limits: BatchLimits): void {
  const total = queries.reduce((sum, p) => sum + p.hitsPerPage, 0);
  if (total > limits.maxBatchHits) {
    throw new ParamError(`Too many hits asked for in one request: the hitsPerPage values add up to ${total}, at most ${limits.maxBatchHits}`);
  }
}

/** `{"results":[…]}` for a multi-query request. */
export async function runBatch(engine: Engine, queries: SearchParams[], limits: BatchLimits, gone: () => boolean, gate = new WorkGate()): Promise<string> {
  checkHits(queries, limits);
  const run = new Run(engine, limits, gone, gate);
  try {
    const parts: string[] = [];
    for (const p of queries) parts.push(await runQuery(run, p));
    return `{"results":[${parts.join(',')}]}`;
  } finally {
    run.done();
  }
}

/** The single-index endpoint's answer. */
export async function runOne(engine: Engine, p: SearchParams, limits: BatchLimits, gone: () => boolean, gate = new WorkGate()): Promise<string> {
  checkHits([p], limits);
  const run = new Run(engine, limits, gone, gate);
  try {
    return await runQuery(run, p);
  } finally {
    run.done();
  }
}

