/**
 * A search thread: its own engine over the same records, answering the requests the event loop
 * hands it.
 *   - 'reader' threads (readers.ts) answer readers' requests at normal priority, each within one
 *     slice of work, like the event loop: a request that needs more is sent back as heavy;
 *   - 'heavy' threads (heavy.ts) run heavy requests one at a time, to the end of their budget, at the
 *     lowest CPU priority. Their work time is the thread's own CPU time where Linux reports it, so a
 *     request waiting for the CPU (the point of the low priority) does not use up its budget.
 */
import { openSync, readSync } from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { ClientGone, runBatch, runOne, TooHeavy, type RunOptions } from './batch.ts';
import { Engine } from './engine.ts';
import { ApiError } from './errors.ts';
import { PER_THREAD_NICE, type JobMessage, type ReplyMessage, type WorkerSetup } from './heavy.ts';
import { SearchIndex } from './searchIndex.ts';

/** Milliseconds of CPU this thread has used (Linux schedstat, nanoseconds), or null where unavailable. */
export function threadCpuClock(): (() => number) | null {
  try {
    const fd = openSync('/proc/thread-self/schedstat', 'r');
    const buf = Buffer.alloc(96);
    const read = () => {
      const n = readSync(fd, buf, 0, buf.length, 0);
      const ns = Number(buf.toString('latin1', 0, n).split(' ', 1)[0]);
      if (!Number.isFinite(ns)) throw new Error('unreadable schedstat');
      return ns / 1e6;
    };
    read();
    return read;
  } catch {
    return null;
  }
}

const setup = workerData as WorkerSetup;
const port = parentPort!;
if (PER_THREAD_NICE && setup.nice !== 0) {
  try {
    os.setPriority(setup.nice);
  } catch {
    // Not allowed here: the thread runs at the process's priority.
  }
}
const engine = new Engine(new SearchIndex(setup.records), setup.indexName);
const clock = setup.mode === 'heavy' ? threadCpuClock() : null;
// A reader thread reports an answer that cost a slice of CPU time or more (readers.ts takes turns
// by it): CPU time, so a request merely held up by the machine's other work does not count.
const readerCpu = setup.mode === 'reader' ? threadCpuClock() : null;
const options: RunOptions = setup.mode === 'reader' ? { onSlice: 'escalate' } : clock ? { onSlice: 'yield', clock } : { onSlice: 'yield' };
const post = (m: ReplyMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

port.on('message', async (job: JobMessage) => {
  const flag = job.cancel ? new Int32Array(job.cancel) : null;
  const gone = () => flag !== null && Atomics.load(flag, 0) === 1;
  try {
    const cpuAtStart = readerCpu?.();
    const text = job.kind === 'batch' ? await runBatch(engine, job.params, setup.limits, gone, options) : await runOne(engine, job.params[0]!, setup.limits, gone, options);
    if (setup.mode === 'reader') {
      // A reader's answer is small: cloning the string costs this thread less than encoding it, and
      // the event loop (mostly idle) encodes it as it writes.
      const costly = readerCpu !== null && cpuAtStart !== undefined && readerCpu() - cpuAtStart >= setup.limits.sliceMs;
      post({ type: 'done', id: job.id, body: text, costly });
    } else {
      const body = new TextEncoder().encode(text);
      post({ type: 'done', id: job.id, body }, [body.buffer as ArrayBuffer]);
    }
  } catch (err) {
    if (err instanceof TooHeavy) post({ type: 'heavy', id: job.id });
    else if (err instanceof ClientGone) post({ type: 'gone', id: job.id });
    else if (err instanceof ApiError) post({ type: 'error', id: job.id, status: err.status, message: err.message });
    else post({ type: 'error', id: job.id, status: 500, message: err instanceof Error ? err.message : String(err) });
  }
});
// Compiled before the first request (see Engine.warmUp), so readers' first answers are not
// counted as costly for being the thread's first.
post({ type: 'ready', warmed: engine.warmUp() });
