/**
 * Runs the queries of one request with bounded work, and serialises the answer piece by piece.
 *
 * One request can ask for a lot: 50 queries of 1000 hits each, every hit with 1000-word snippets.
 * Run in one go, that blocked the event loop for seconds and built a response of hundreds of MB.
 * Here a request is checked and run in pieces:
 *   - the hits asked for across the batch (sum of hitsPerPage) are capped before any search runs;
 *   - a query asking for many hits is rendered `pieceHits` hits at a time (page windows of the same
 *     ranking, so the hits are exactly those of the whole page), and each piece is serialised at once;
 *   - on the event loop (`onSlice: 'escalate'`), a request that has used `sliceMs` of work before its
 *     next piece stops with `TooHeavy`: the server then hands it to the heavy-work thread (heavy.ts),
 *     so readers never wait behind more than one slice; on that thread (`onSlice: 'yield'`) the
 *     request runs to its end, yielding between slices;
 *   - the serialised bytes and the work time are counted as the pieces are made: past
 *     `maxResponseBytes` or `budgetMs` the request stops with a 400 (never a 5xx: a 5xx makes clients
 *     retry the same request on the next replica); work time is read from `clock`, the thread's own
 *     CPU time on the heavy-work thread, so time spent waiting for the CPU is not counted;
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
  /** Work (ms) a request may do on the event loop; past it, the rest runs on the heavy-work thread. */
  sliceMs: number;
  /** Hits rendered per piece. */
  pieceHits: number;
  /** Hits across a request past which it goes to the heavy-work thread without trying the event loop. */
  maxLoopHits: number;
}

export interface RunOptions {
  /** 'escalate': throw TooHeavy once a slice is used up (the event loop); 'yield': go on after a turn of the loop. */
  onSlice: 'escalate' | 'yield';
  /** Milliseconds of work so far (a monotonic clock); performance.now by default. */
  clock?: () => number;
}

/** Thrown when the client disconnected: nothing is sent. */
export class ClientGone extends Error {}

/** Thrown on the event loop when a request needs more than one slice of work. */
export class TooHeavy extends Error {}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

class Run {
  bytes = 0;
  work = 0;
  private searches = 0;
  readonly clock: () => number;
  private sliceStart: number;

  constructor(
    readonly engine: Engine,
    readonly limits: BatchLimits,
    readonly gone: () => boolean,
    readonly options: RunOptions,
  ) {
    this.clock = options.clock ?? (() => performance.now());
    this.sliceStart = performance.now();
  }

  /** Runs one engine call, counting its time; first ends the slice if it is used up (never before the first call). */
  async search(p: SearchParams): Promise<SearchResponse> {
    if (this.searches++ > 0 && performance.now() - this.sliceStart >= this.limits.sliceMs) {
      if (this.options.onSlice === 'escalate') throw new TooHeavy();
      await yieldToLoop();
      this.sliceStart = performance.now();
    }
    if (this.gone()) throw new ClientGone();
    const t0 = this.clock();
    try {
      return this.engine.search(p);
    } finally {
      this.charge(this.clock() - t0);
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
    this.charge(this.clock() - since);
    this.bytes += Buffer.byteLength(text);
    if (this.bytes > this.limits.maxResponseBytes) {
      throw new ParamError(
        `Response too large: it would exceed ${this.limits.maxResponseBytes} bytes; ask for fewer hits, fewer attributes or shorter snippets`,
      );
    }
    return text;
  }
}

const HITS_HEAD = '{"hits":[]';

/** One query, serialised. Many hits are rendered in windows of `pieceHits`. */
async function runQuery(run: Run, p: SearchParams): Promise<string> {
  const H = p.hitsPerPage;
  const s = run.limits.pieceHits;
  if (H <= s) {
    const response = await run.search(p);
    const t0 = run.clock();
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
    const t0 = run.clock();
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
  const t0 = run.clock();
  const head = JSON.stringify(meta);
  if (!head.startsWith(HITS_HEAD)) throw new Error('search response does not start with its hits');
  return run.add(`{"hits":[${parts.join(',')}]`, t0) + run.add(head.slice(HITS_HEAD.length), t0);
}

/** Hits asked for across a request. */
export function totalHits(queries: SearchParams[]): number {
  return queries.reduce((sum, p) => sum + p.hitsPerPage, 0);
}

/** A 400 when the hits asked for across the request pass `maxBatchHits`. */
export function checkHits(queries: SearchParams[], limits: BatchLimits): void {
  const total = totalHits(queries);
  if (total > limits.maxBatchHits) {
    throw new ParamError(`Too many hits asked for in one request: the hitsPerPage values add up to ${total}, at most ${limits.maxBatchHits}`);
  }
}

/** `{"results":[…]}` for a multi-query request. */
export async function runBatch(engine: Engine, queries: SearchParams[], limits: BatchLimits, gone: () => boolean, options: RunOptions = { onSlice: 'yield' }): Promise<string> {
  checkHits(queries, limits);
  const run = new Run(engine, limits, gone, options);
  const parts: string[] = [];
  for (const p of queries) parts.push(await runQuery(run, p));
  return `{"results":[${parts.join(',')}]}`;
}

/** The single-index endpoint's answer. */
export async function runOne(engine: Engine, p: SearchParams, limits: BatchLimits, gone: () => boolean, options: RunOptions = { onSlice: 'yield' }): Promise<string> {
  checkHits([p], limits);
  const run = new Run(engine, limits, gone, options);
  return runQuery(run, p);
}
