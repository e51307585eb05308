/**
 * Readers' requests answered on search threads at normal priority, so that a replica uses more than
 * one core: the event loop parses, checks and sends; `readerThreads` threads (each with its own copy
 * of the engine, searchThread.ts) search and serialise.
 *   - a thread is handed up to `PER_THREAD` (64) requests at once, so it always has the next one
 *     when the event loop is busy reading sockets (with 4 at once, a thread sat idle: 1,000–1,020
 *     against 1,260–1,290 req/s at 16 connections); it answers them in order; more wait here;
 *   - a reader thread gives a request at most one slice of work, as the event loop does; one that
 *     needs more comes back as HEAVY and goes to the heavy-work thread (heavy.ts);
 *   - until a thread is ready (start-up, restart after a failure) the caller answers on the event
 *     loop, as with `readerThreads: 0`;
 *   - a thread that dies is replaced after a pause; its requests are answered 503 + Retry-After.
 */
import type { Worker } from 'node:worker_threads';
import { ApiError } from './errors.ts';
import { superviseThread, type JobKind, type JobMessage, type ReplyMessage, type WorkerSetup } from './heavy.ts';
import type { SearchParams } from './params.ts';

/** The answer when a request needs more than one slice. */
export const HEAVY = Symbol('heavy');

const PER_THREAD = 64;

interface ReaderJob {
  id: number;
  kind: JobKind;
  params: SearchParams[];
  resolve(body: Buffer | string | typeof HEAVY): void;
  reject(err: Error): void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  jobs: Map<number, ReaderJob>;
}

export class ReaderThreads {
  private readonly threads: Thread[] = [];
  private readonly queue: ReaderJob[] = [];
  private nextId = 1;
  private closed = false;

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
      make: (worker) => ({ worker, ready: false, jobs: new Map() }),
      onReady: () => this.dispatch(),
      onMessage: (thread, m) => this.onMessage(thread, m),
      onExit: (thread) => {
        const failed = [...thread.jobs.values()];
        thread.jobs.clear();
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
    if (m.type === 'done') job.resolve(typeof m.body === 'string' ? m.body : Buffer.from(m.body.buffer, m.body.byteOffset, m.body.byteLength));
    else if (m.type === 'heavy') job.resolve(HEAVY);
    else if (m.type === 'error' && m.status < 500) job.reject(new ApiError(m.status, m.message));
    else job.reject(new Error(`reader thread: ${m.type === 'error' ? m.message : 'unexpected answer'}`));
    this.dispatch();
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let best: Thread | null = null;
      for (const t of this.threads) if (t.ready && t.jobs.size < PER_THREAD && (!best || t.jobs.size < best.jobs.size)) best = t;
      if (!best) return;
      const job = this.queue.shift()!;
      best.jobs.set(job.id, job);
      const message: JobMessage = { id: job.id, kind: job.kind, params: job.params };
      best.worker.postMessage(message);
    }
  }

  /** The answer's bytes, or HEAVY when the request needs more than one slice of work. */
  run(kind: JobKind, params: SearchParams[]): Promise<Buffer | string | typeof HEAVY> {
    if (this.closed) return Promise.reject(new ApiError(503, 'Service closing: try another host', { 'Retry-After': String(this.retryAfterSeconds) }));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, kind, params, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new ApiError(503, 'Service closing: try another host', { 'Retry-After': String(this.retryAfterSeconds) }));
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}
