/**
 * Readers' requests answered on search threads at normal priority, so that a replica uses more than
 * one core: the event loop parses, checks and sends; `readerThreads` threads (each with its own copy
 * of the engine, searchThread.ts) search and serialise.
 *   - a thread is handed several requests at once, so it always has the next one when the event
 *     loop is busy reading sockets (with 4 at once, a thread sat idle: 1,000–1,020 against
 *     1,260–1,290 req/s at 16 connections); it answers them in order; more wait here;
 *   - a reader thread gives a request at most one slice of work, as the event loop does; one that
 *     needs more comes back as HEAVY and goes to the heavy-work thread (heavy.ts);
 *   - until a thread is ready (start-up, restart after a failure) the caller answers on the event
 *     loop, as with `readerThreads: 0`;
 *   - a thread that dies is replaced after a pause; its requests are answered 503 + Retry-After;
 *   - fair between clients: waiting requests are handed out in turn per client address, and the
 *     threads hold few of one address's at once: `START_PER_ADDRESS` (4) at first, one more for
 *     each of its answers, up to `PER_ADDRESS` (16), so a client of cheap requests soon keeps both
 *     threads busy while a burst of expensive ones gets only its first few onto them. A burst of
 *     requests that each use a whole slice (about 10 ms) once queued 120 deep ahead of a reader from
 *     another address, who then waited over two seconds. An address with `COSTLY_TO_HEAVY` (3)
 *     costly answers within `HEAVY_MEMORY_MS` (HEAVY, or answered after a slice of CPU time or more)
 *     sends the next ones straight to the heavy-work thread for that long, where its own cap
 *     applies, without costing a reader slice first. One costly answer is not enough: a reader's
 *     /search page can pass a slice now and then on a busy machine, and then got 429s;
 *   - a thread holds at most `PER_THREAD` (16) requests at once, so a request is behind at most 15
 *     on its thread, whoever sent them (64 let 32 addresses of 4 requests fill both threads for
 *     seconds; 8 cost the one-address HTTP bench 10–20 % of its throughput, 16 nothing measurable).
 */
import type { Worker } from 'node:worker_threads';
import { ApiError } from './errors.ts';
import { superviseThread, type JobKind, type JobMessage, type ReplyMessage, type WorkerSetup } from './heavy.ts';
import type { SearchParams } from './params.ts';

/** The answer when a request needs more than one slice. */
export const HEAVY = Symbol('heavy');

const PER_THREAD = 16;
/** Requests of one client address on the threads at once: at first, and once it has earned more. */
export const START_PER_ADDRESS = 4;
export const PER_ADDRESS = 16;
/** How long an address that sent a request needing more than a slice skips the reader threads. */
export const HEAVY_MEMORY_MS = 5_000;
/** Costly answers within HEAVY_MEMORY_MS that send an address to the heavy-work thread. */
export const COSTLY_TO_HEAVY = 3;
/** Past this many remembered addresses, the expired ones are forgotten. */
const MAX_REMEMBERED = 10_000;

interface ReaderJob {
  id: number;
  address: string;
  kind: JobKind;
  params: SearchParams[];
  resolve(body: Buffer | string | typeof HEAVY): void;
  reject(err: Error): void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  warmed: number;
  jobs: Map<number, ReaderJob>;
}

export class ReaderThreads {
  private readonly threads: Thread[] = [];
  /** Waiting requests per client address, in turn: an address goes to the end once served. */
  private readonly queues = new Map<string, ReaderJob[]>();
  /** Requests per address on the threads now. */
  private readonly onThreads = new Map<string, number>();
  /** Answers per address since it last had nothing waiting or running: each allows one more at once. */
  private readonly earned = new Map<string, number>();
  /** Addresses whose requests go straight to the heavy-work thread, until the time given. */
  private readonly heavyUntil = new Map<string, number>();
  /** Recent costly answers per address: how many, and since when. */
  private readonly costly = new Map<string, { count: number; since: number }>();
  private nextId = 1;
  private closed = false;
  /** Answers received from the threads so far (for tests and diagnostics). */
  answered = 0;

  constructor(
    private readonly setup: WorkerSetup,
    count: number,
    private readonly heapMb: number,
    private readonly retryAfterSeconds: number,
    private readonly log: (line: string) => void,
  ) {
    for (let i = 0; i < count; i++) this.threads.push(this.spawn());
  }

  /** Every thread has started. */
  allReady(): boolean {
    return this.threads.every((t) => t.ready);
  }

  /** For each thread, the searches it ran to warm up before it said ready (0 while it starts). */
  warmedSearches(): number[] {
    return this.threads.map((t) => t.warmed);
  }

  /** Requests of this address on the threads now (for tests and diagnostics). */
  onThreadsFor(address: string): number {
    return this.onThreads.get(address) ?? 0;
  }

  /** A thread is ready to take requests. */
  available(): boolean {
    return this.threads.some((t) => t.ready);
  }

  private spawn(): Thread {
    return superviseThread<Thread>({
      setup: this.setup,
      heapMb: this.heapMb,
      label: 'reader',
      threads: this.threads,
      make: (worker) => ({ worker, ready: false, warmed: 0, jobs: new Map() }),
      onReady: () => this.dispatch(),
      onMessage: (thread, m) => this.onMessage(thread, m),
      onExit: (thread) => {
        const failed = [...thread.jobs.values()];
        thread.jobs.clear();
        for (const job of failed) this.leaveThread(job);
        for (const job of failed) job.reject(new ApiError(503, 'Search thread failed on this request: try again later', { 'Retry-After': String(this.retryAfterSeconds) }));
      },
      closed: () => this.closed,
      log: this.log,
    });
  }

  private onMessage(thread: Thread, m: Exclude<ReplyMessage, { type: 'ready' }>): void {
    const job = thread.jobs.get(m.id);
    if (!job) return;
    thread.jobs.delete(m.id);
    this.answered += 1;
    this.leaveThread(job);
    if (m.type === 'done' && m.costly) this.rememberCostly(job.address);
    else if (m.type === 'done') this.earned.set(job.address, (this.earned.get(job.address) ?? 0) + 1);
    if (m.type === 'done') job.resolve(typeof m.body === 'string' ? m.body : Buffer.from(m.body.buffer, m.body.byteOffset, m.body.byteLength));
    else if (m.type === 'heavy') {
      this.rememberCostly(job.address);
      job.resolve(HEAVY);
    } else if (m.type === 'error' && m.status < 500) job.reject(new ApiError(m.status, m.message));
    else job.reject(new Error(`reader thread: ${m.type === 'error' ? m.message : 'unexpected answer'}`));
    this.dispatch();
  }

  private leaveThread(job: ReaderJob): void {
    const left = (this.onThreads.get(job.address) ?? 1) - 1;
    if (left > 0) this.onThreads.set(job.address, left);
    else {
      this.onThreads.delete(job.address);
      if (!this.queues.has(job.address)) this.earned.delete(job.address);
    }
  }

  /** How many of this address's requests the threads may hold now. */
  private allowance(address: string): number {
    return Math.min(PER_ADDRESS, START_PER_ADDRESS + (this.earned.get(address) ?? 0));
  }

  /** Counts a costly answer; the third within HEAVY_MEMORY_MS sends the address to the heavy thread. */
  private rememberCostly(address: string): void {
    const now = Date.now();
    if (this.costly.size >= MAX_REMEMBERED) for (const [a, c] of this.costly) if (now - c.since >= HEAVY_MEMORY_MS) this.costly.delete(a);
    const seen = this.costly.get(address);
    const recent = seen && now - seen.since < HEAVY_MEMORY_MS ? seen : { count: 0, since: now };
    recent.count += 1;
    if (this.costly.size < MAX_REMEMBERED || this.costly.has(address)) this.costly.set(address, recent);
    if (recent.count < COSTLY_TO_HEAVY) return;
    this.costly.delete(address);
    if (this.heavyUntil.size >= MAX_REMEMBERED) for (const [a, until] of this.heavyUntil) if (until <= now) this.heavyUntil.delete(a);
    if (this.heavyUntil.size < MAX_REMEMBERED || this.heavyUntil.has(address)) this.heavyUntil.set(address, now + HEAVY_MEMORY_MS);
  }

  /** Whether this address's requests skip the reader threads for now. */
  sendsHeavy(address: string): boolean {
    const until = this.heavyUntil.get(address);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.heavyUntil.delete(address);
    return false;
  }

  /** The next waiting request, taking addresses in turn; null when none may go to a thread now. */
  private next(): ReaderJob | null {
    for (const [address, jobs] of this.queues) {
      if (this.sendsHeavy(address)) {
        // Its requests need the heavy-work thread: hand them back at once.
        this.queues.delete(address);
        for (const job of jobs) job.resolve(HEAVY);
        continue;
      }
      if ((this.onThreads.get(address) ?? 0) >= this.allowance(address)) continue;
      const job = jobs.shift()!;
      // To the end of the turn (or out, when it has nothing left waiting).
      this.queues.delete(address);
      if (jobs.length > 0) this.queues.set(address, jobs);
      return job;
    }
    return null;
  }

  private dispatch(): void {
    while (this.queues.size > 0) {
      let best: Thread | null = null;
      for (const t of this.threads) if (t.ready && t.jobs.size < PER_THREAD && (!best || t.jobs.size < best.jobs.size)) best = t;
      if (!best) return;
      const job = this.next();
      if (!job) return;
      best.jobs.set(job.id, job);
      this.onThreads.set(job.address, (this.onThreads.get(job.address) ?? 0) + 1);
      const message: JobMessage = { id: job.id, kind: job.kind, params: job.params };
      best.worker.postMessage(message);
    }
  }

  /**
   * The answer's bytes, or HEAVY when the request needs more than one slice of work (at once when
   * its address recently sent such a request).
   * @param address the client's address, for taking turns
   */
  run(kind: JobKind, params: SearchParams[], address = ''): Promise<Buffer | string | typeof HEAVY> {
    if (this.closed) return Promise.reject(new ApiError(503, 'Service closing: try another host', { 'Retry-After': String(this.retryAfterSeconds) }));
    if (this.sendsHeavy(address)) return Promise.resolve(HEAVY);
    return new Promise((resolve, reject) => {
      const jobs = this.queues.get(address);
      const job = { id: this.nextId++, address, kind, params, resolve, reject };
      if (jobs) jobs.push(job);
      else this.queues.set(address, [job]);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const waiting = [...this.queues.values()].flat();
    this.queues.clear();
    for (const job of waiting) job.reject(new ApiError(503, 'Service closing: try another host', { 'Retry-After': String(this.retryAfterSeconds) }));
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}
