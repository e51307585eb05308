/**
 * Heavy requests run off the event loop, on a thread of their own at the lowest CPU priority.
 *
 * A request that needs more than one slice of work on the event loop (batch.ts throws TooHeavy), or
 * asks for more hits than `maxLoopHits`, is queued here and run on a worker thread holding its own
 * copy of the engine (searchThread.ts). Readers' small queries stay on the event loop and are never
 * queued behind this work:
 *   - the thread lowers its own priority (nice 19 on Linux, where the nice value is per thread), so
 *     the operating system gives the CPU to the event loop, and to the other replica, whenever they
 *     want it; heavy work uses what they leave;
 *   - `heavyThreads` threads per replica (one by default) run one request each; the rest wait in a
 *     queue of at most `maxHeavyQueued` (503 + Retry-After past it: clients try the next replica);
 *   - one client address has at most `maxHeavyPerAddress` heavy requests queued or running (429);
 *   - a heavy request not answered within `heavyTimeoutMs` (waiting included) is stopped and answered
 *     503 + Retry-After, so that a replica busy with readers sheds it instead of holding it;
 *   - a client that disconnects stops its request at the next piece (a shared flag the thread reads);
 *   - the thread's heap is capped (`heavyHeapMb`); a thread that dies is replaced, after a pause, and
 *     its request answered 503.
 * The answer comes back as bytes whose buffer is transferred, not copied.
 */
import os from 'node:os';
import type { Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { clientKey } from './address.ts';
import { ClientGone, type BatchLimits } from './batch.ts';
import type { Engine } from './engine.ts';
import { ApiError } from './errors.ts';
import type { SearchParams } from './params.ts';

export interface HeavyLimits {
  /** Threads running heavy requests in one replica. */
  heavyThreads: number;
  /** Heavy requests queued or running in one replica. */
  maxHeavyQueued: number;
  /** Heavy requests queued or running from one client address. */
  maxHeavyPerAddress: number;
  /** Time (ms) from queueing to answer. */
  heavyTimeoutMs: number;
  /** Old-generation heap of a heavy-work thread, in MB. */
  heavyHeapMb: number;
  /** Nice value of the heavy-work threads (19, the lowest priority; Linux only). */
  heavyNice: number;
  retryAfterSeconds: number;
}

export type JobKind = 'batch' | 'one';

/** What the main thread sends a worker. */
export interface JobMessage {
  id: number;
  kind: JobKind;
  params: SearchParams[];
  /** Int32Array over it: [0] becomes 1 when the answer is no longer wanted. */
  cancel?: SharedArrayBuffer;
}

/** What a worker sends back. */
export type ReplyMessage =
  /** The thread's engine is built and warmed (`warmed`: the searches Engine.warmUp ran first). */
  | { type: 'ready'; warmed: number }
  /** `costly`: a reader thread's answer that took a slice of CPU time or more. */
  | { type: 'done'; id: number; body: Uint8Array | string; costly?: boolean }
  | { type: 'error'; id: number; status: number; message: string }
  | { type: 'gone'; id: number }
  /** A reader thread's answer: the request needs more than one slice, run it as heavy. */
  | { type: 'heavy'; id: number };

export interface WorkerSetup {
  mode: 'reader' | 'heavy';
  records: Engine['index']['records'];
  indexName: string;
  limits: BatchLimits;
  nice: number;
}

interface Job extends JobMessage {
  cancel: SharedArrayBuffer;
  address: string;
  flag: Int32Array;
  resolve(body: Buffer): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
  settled: boolean;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  warmed: number;
  job: Job | null;
}

export class HeavyWork {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private readonly perAddress = new Map<string, number>();
  private nextId = 1;
  private closed = false;
  /** Requests queued or running. */
  size = 0;

  constructor(
    private readonly setup: WorkerSetup,
    private readonly limits: HeavyLimits,
    private readonly log: (line: string) => void,
  ) {
    for (let i = 0; i < Math.max(1, limits.heavyThreads); i++) this.threads.push(this.spawn());
  }

  /** Every heavy-work thread has started. */
  ready(): boolean {
    return this.threads.every((t) => t.ready);
  }

  private spawn(): Thread {
    return superviseThread<Thread>({
      setup: this.setup,
      heapMb: this.limits.heavyHeapMb,
      label: 'heavy-work',
      threads: this.threads,
      make: (worker) => ({ worker, ready: false, warmed: 0, job: null }),
      onReady: () => this.dispatch(),
      onMessage: (thread, m) => this.onMessage(thread, m),
      onExit: (thread) => {
        const job = thread.job;
        thread.job = null;
        if (job) this.settle(job, new ApiError(503, 'Search worker failed on this request: try again later', { 'Retry-After': String(this.limits.retryAfterSeconds) }));
      },
      closed: () => this.closed,
      log: this.log,
    });
  }

  private onMessage(thread: Thread, m: Exclude<ReplyMessage, { type: 'ready' }>): void {
    const job = thread.job;
    if (!job || job.id !== m.id) return;
    thread.job = null;
    if (m.type === 'done') this.settle(job, null, typeof m.body === 'string' ? Buffer.from(m.body) : Buffer.from(m.body.buffer, m.body.byteOffset, m.body.byteLength));
    else if (m.type === 'error' && m.status < 500) this.settle(job, new ApiError(m.status, m.message));
    else if (m.type === 'error') this.settle(job, new Error(`heavy-work thread: ${m.message}`));
    else if (m.type === 'gone') this.settle(job, new ClientGone());
    else this.settle(job, new Error('heavy-work thread: unexpected answer'));
    this.dispatch();
  }

  private dispatch(): void {
    for (const thread of this.threads) {
      if (!thread.ready || thread.job) continue;
      const job = this.queue.shift();
      if (!job) return;
      thread.job = job;
      const message: JobMessage = { id: job.id, kind: job.kind, params: job.params, cancel: job.cancel };
      thread.worker.postMessage(message);
    }
  }

  /** Ends a job once: frees its place and answers its caller. */
  private settle(job: Job, err: Error | null, body?: Buffer): void {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.timer);
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    Atomics.store(job.flag, 0, 1);
    this.size -= 1;
    const left = (this.perAddress.get(job.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(job.address, left);
    else this.perAddress.delete(job.address);
    if (err) job.reject(err);
    else job.resolve(body!);
  }

  /**
   * Runs a request on a heavy-work thread. Rejects with an ApiError: 429 (this address has enough
   * heavy requests in), 503 (queue full, timed out, thread failed), 400 (the request's own limits);
   * or with ClientGone when the client went away (nothing is sent then). `address` is the client's
   * key for the per-address cap (behind a trusted proxy, the client the proxy names).
   */
  run(kind: JobKind, params: SearchParams[], socket: Socket, address = clientKey(socket.remoteAddress ?? '')): Promise<Buffer> {
    const retry = { 'Retry-After': String(this.limits.retryAfterSeconds) };
    const shed = (status: number, message: string) => new ApiError(status, message, retry);
    if (this.closed) return Promise.reject(shed(503, 'Service closing: try another host'));
    if ((this.perAddress.get(address) ?? 0) >= this.limits.maxHeavyPerAddress) {
      return Promise.reject(shed(429, `Too many expensive requests from your address at once: at most ${this.limits.maxHeavyPerAddress}; wait for their answers first`));
    }
    if (this.size >= this.limits.maxHeavyQueued) {
      return Promise.reject(shed(503, 'Service busy with expensive requests: try another host'));
    }
    this.size += 1;
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    const cancel = new SharedArrayBuffer(4);
    return new Promise<Buffer>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        kind,
        params,
        cancel,
        flag: new Int32Array(cancel),
        address,
        resolve,
        reject,
        settled: false,
        timer: setTimeout(() => {
          this.settle(job, shed(503, `Expensive request not answered within ${this.limits.heavyTimeoutMs} ms: try again later`));
        }, this.limits.heavyTimeoutMs),
      };
      const gone = () => this.settle(job, new ClientGone());
      socket.once('close', gone);
      const cleanup = () => socket.off('close', gone);
      job.resolve = (body) => {
        cleanup();
        resolve(body);
      };
      job.reject = (err) => {
        cleanup();
        reject(err);
      };
      if (socket.destroyed) return gone();
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Stops the threads; requests still queued or running are answered 503. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of [...this.queue]) this.settle(job, new ApiError(503, 'Service closing: try another host'));
    this.queue.length = 0;
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}

/** Whether this platform lowers a single thread's priority with os.setPriority (Linux does; others lower the whole process). */
export const PER_THREAD_NICE = os.platform() === 'linux';

/** Starts a search thread (searchThread.ts, through its JavaScript entry). */
export function startThread(setup: WorkerSetup, heapMb: number): Worker {
  return new Worker(new URL('./searchThread.mjs', import.meta.url), { workerData: setup, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
}

/** Pause before a thread that exited is replaced. */
export const RESTART_MS = 1000;

export interface SupervisedThread {
  worker: Worker;
  ready: boolean;
  /** Searches the thread ran to warm up before it said ready (0 until then). */
  warmed: number;
}

export interface Supervision<T extends SupervisedThread> {
  setup: WorkerSetup;
  heapMb: number;
  /** Names the thread in log lines ("reader", "heavy-work"). */
  label: string;
  /** The pool the thread lives in: its replacement takes its place there. */
  threads: T[];
  make(worker: Worker): T;
  /** The thread has built its engine (it is marked ready first). */
  onReady(): void;
  /** Any other message of the thread. */
  onMessage(thread: T, m: Exclude<ReplyMessage, { type: 'ready' }>): void;
  /** Called when the thread has exited (ready is already false): fail the requests it held. */
  onExit(thread: T): void;
  closed(): boolean;
  log(line: string): void;
}

/**
 * Starts a search thread of a pool and keeps its place filled: a thread that exits (a crash, the
 * heap limit) is logged and replaced after RESTART_MS, unless the pool has been closed meanwhile.
 */
export function superviseThread<T extends SupervisedThread>(s: Supervision<T>): T {
  const worker = startThread(s.setup, s.heapMb);
  const thread = s.make(worker);
  worker.unref();
  worker.on('message', (m: ReplyMessage) => {
    if (m.type !== 'ready') return s.onMessage(thread, m);
    thread.ready = true;
    thread.warmed = m.warmed;
    s.onReady();
  });
  worker.on('error', (err) => s.log(`${new Date().toISOString()} ${s.label} thread failed: ${err.message}`));
  worker.on('exit', (code) => {
    thread.ready = false;
    s.onExit(thread);
    if (s.closed()) return;
    s.log(`${new Date().toISOString()} ${s.label} thread exited (${code}); restarting in ${RESTART_MS} ms`);
    setTimeout(() => {
      if (s.closed()) return;
      const i = s.threads.indexOf(thread);
      if (i >= 0) s.threads[i] = superviseThread(s);
    }, RESTART_MS).unref();
  });
  return thread;
}
