// Reader threads take clients in turn (src/readers.ts): a burst of expensive requests from one
// address does not queue ahead of a reader from another, and an address whose requests need the
// heavy-work thread goes there directly for a while.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseSearchParams } from '../src/params.ts';
import { COSTLY_TO_HEAVY, HEAVY, HEAVY_MEMORY_MS, PER_ADDRESS, ReaderThreads, START_PER_ADDRESS } from '../src/readers.ts';
import { DEFAULT_LIMITS } from '../src/server.ts';
import { engineFor, rec } from './helpers.ts';

const records = engineFor(
  Array.from({ length: 300 }, (_, i) => rec({ page: `/docs/p${Math.floor(i / 10)}`, anchor: `a${i}`, h: { lvl1: `Page ${i}` }, content: `alpha beta ${i % 7 === 0 ? 'zebra' : ''}` })),
  'mysite',
).index.records;
// A zero slice: a request of more than one piece (5 hits) comes back HEAVY after its first piece;
// a request of up to 5 hits is answered.
const limits = { ...DEFAULT_LIMITS, sliceMs: 0, pieceHits: 5 };
const expensive = parseSearchParams({ query: 'alpha', hitsPerPage: 50, distinct: 0 });
const cheap = parseSearchParams({ query: 'zebra', hitsPerPage: 3 });

/** `count` reader threads over the records above, once every one of them is ready. */
async function startReaders(threadLimits: typeof DEFAULT_LIMITS, count: number): Promise<ReaderThreads> {
  const started = new ReaderThreads({ mode: 'reader', records, indexName: 'mysite', limits: threadLimits, nice: 0 }, count, 256, 5, () => {});
  const t0 = Date.now();
  while (!started.allReady() && Date.now() - t0 < 15_000) await new Promise((r) => setTimeout(r, 20));
  expect(started.allReady()).toBe(true);
  return started;
}

let readers: ReaderThreads;
beforeAll(async () => {
  readers = await startReaders(limits, 1);
}, 20_000);
afterAll(() => readers?.close());

describe('reader threads', () => {
  it('warm their engine before they say ready, so a reader is never the first search a thread runs', () => {
    const warmed = readers.warmedSearches();
    expect(warmed).toHaveLength(1);
    // The index has 30 page titles: each gives its typed prefixes and the whole title, with and
    // without filters, within the 250 ms warm-up budget (at least a handful even on a slow host).
    expect(Math.min(...warmed)).toBeGreaterThan(5);
  });

  it('put a reader from another address after the first few requests of a burst, not after the burst', async () => {
    const start = readers.answered;
    const burst = Array.from({ length: 80 }, () => readers.run('one', [expensive], '10.0.0.1'));
    // Sent after the whole burst, from elsewhere.
    const reader = readers.run('one', [cheap], '10.0.0.2').then((body) => ({ body, answeredBefore: readers.answered - start }));
    const { body, answeredBefore } = await reader;
    expect(typeof body === 'string' || Buffer.isBuffer(body)).toBe(true);
    expect(JSON.parse(String(body)).hits.length).toBeGreaterThan(0);
    // The thread answered the reader after the burst's first requests only (first come, first served
    // made it 81st).
    expect(answeredBefore).toBeLessThanOrEqual(START_PER_ADDRESS + 1);
    const results = await Promise.all(burst);
    expect(results.every((r) => r === HEAVY)).toBe(true);
    // Once three of its requests needed more than a slice, the address's others were not run on the
    // thread: its first four, the two that took the places of the first two heavy ones, and the reader.
    expect(readers.answered - start).toBeLessThanOrEqual(START_PER_ADDRESS + (COSTLY_TO_HEAVY - 1) + 1);
  });

  it('sends an address that recently needed the heavy thread straight there, and others as before', async () => {
    const before = readers.answered;
    expect(await readers.run('one', [cheap], '10.0.0.1')).toBe(HEAVY);
    expect(readers.answered).toBe(before);
    const other = await readers.run('one', [cheap], '10.0.0.3');
    expect(other).not.toBe(HEAVY);
    expect(readers.answered).toBe(before + 1);
  });

  it('keeps an address on the reader threads after one costly answer: it takes three', async () => {
    // An expensive request comes back HEAVY; with a zero slice, every answer counts as costly.
    expect(await readers.run('one', [expensive], '10.0.0.5')).toBe(HEAVY);
    const before = readers.answered;
    const next = await readers.run('one', [cheap], '10.0.0.5');
    expect(next).not.toBe(HEAVY);
    expect(readers.answered).toBe(before + 1);
    // The third costly answer within the window sends the address to the heavy thread.
    expect(await readers.run('one', [cheap], '10.0.0.5')).not.toBe(HEAVY);
    expect(await readers.run('one', [cheap], '10.0.0.5')).toBe(HEAVY);
  });

  /** Runs `body` with Date.now reading `ms` later than it does (the threads keep their own clock). */
  async function later<T>(ms: number, body: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now + ms);
    try {
      return await body();
    } finally {
      clock.mockRestore();
    }
  }

  it('lets an address back onto the reader threads once HEAVY_MEMORY_MS has passed', async () => {
    // Three costly answers (with a zero slice every answer is costly) send the address to the heavy thread.
    for (let i = 0; i < COSTLY_TO_HEAVY; i++) expect(await readers.run('one', [cheap], '10.0.0.6')).not.toBe(HEAVY);
    expect(await readers.run('one', [cheap], '10.0.0.6')).toBe(HEAVY);
    // Past the memory, a reader from that address is answered on the threads again (not held to the
    // heavy thread's cap of two at once for ever).
    await later(HEAVY_MEMORY_MS + 1, async () => {
      const before = readers.answered;
      expect(await readers.run('one', [cheap], '10.0.0.6')).not.toBe(HEAVY);
      expect(readers.answered).toBe(before + 1);
    });
  });

  it('counts costly answers within HEAVY_MEMORY_MS only: older ones are forgotten', async () => {
    for (let i = 0; i < COSTLY_TO_HEAVY - 1; i++) expect(await readers.run('one', [cheap], '10.0.0.7')).not.toBe(HEAVY);
    // The next costly answers come after the window: they start a new count.
    await later(HEAVY_MEMORY_MS + 1, async () => {
      for (let i = 0; i < COSTLY_TO_HEAVY - 1; i++) expect(await readers.run('one', [cheap], '10.0.0.7')).not.toBe(HEAVY);
      expect(await readers.run('one', [cheap], '10.0.0.7')).not.toBe(HEAVY);
    });
  });
});

describe('reader threads with the default slice', () => {
  let cheapOnly: ReaderThreads;
  beforeAll(async () => {
    cheapOnly = await startReaders(DEFAULT_LIMITS, 1);
  }, 20_000);
  afterAll(() => cheapOnly?.close());

  it('answers every request of a client of cheap requests on the threads, however many it sends at once', async () => {
    const before = cheapOnly.answered;
    const answers = await Promise.all(Array.from({ length: 100 }, () => cheapOnly.run('one', [cheap], '10.0.0.4')));
    expect(answers.every((a) => a !== HEAVY && JSON.parse(String(a)).hits.length > 0)).toBe(true);
    expect(cheapOnly.answered - before).toBe(100);
  });

  it('keeps at most 16 requests on a thread, so a reader from a third address waits behind no more', async () => {
    // Two busy addresses, each past its first answers (allowed up to 16 on the threads each): together
    // they would fill the thread with 32. A reader arriving then is behind the thread's 16 at most,
    // plus the turn of the two addresses before it.
    const start = cheapOnly.answered;
    const a = Array.from({ length: 200 }, () => cheapOnly.run('one', [cheap], '10.0.1.1'));
    const b = Array.from({ length: 200 }, () => cheapOnly.run('one', [cheap], '10.0.1.2'));
    const reader = a[40]!.then(() => {
      const sentAt = cheapOnly.answered;
      return cheapOnly.run('one', [cheap], '10.0.1.3').then((body) => ({ body, ahead: cheapOnly.answered - sentAt - 1 }));
    });
    const all = Promise.allSettled([...a, ...b]);
    try {
      const { body, ahead } = await reader;
      expect(body).not.toBe(HEAVY);
      expect(cheapOnly.answered - start).toBeGreaterThan(60);
      // 16 on its thread and the two addresses' turns before its own: 18 (32 when a thread holds any number).
      expect(ahead).toBeLessThanOrEqual(20);
    } finally {
      await all;
    }
  });
});

describe('reader threads, two of them', () => {
  let two: ReaderThreads;
  beforeAll(async () => {
    two = await startReaders(DEFAULT_LIMITS, 2);
  }, 20_000);
  afterAll(() => two?.close());

  it(`let one address earn up to PER_ADDRESS (${PER_ADDRESS}) requests on the threads at once, never the two threads' 32`, async () => {
    // Two threads hold 16 each, so only the per-address cap keeps one busy client from taking both
    // whole: watched after every answer (each answer hands out the next requests at once).
    const address = '10.0.2.1';
    let most = 0;
    const answers = await Promise.all(
      Array.from({ length: 300 }, () =>
        two.run('one', [cheap], address).then((body) => {
          most = Math.max(most, two.onThreadsFor(address));
          return body;
        }),
      ),
    );
    expect(answers.every((a) => a !== HEAVY)).toBe(true);
    // It earned its way from START_PER_ADDRESS up to the cap (so the cap, not the start, was what held)…
    expect(most).toBe(PER_ADDRESS);
    // …and nothing is left on the threads once every answer is in.
    expect(two.onThreadsFor(address)).toBe(0);
  });
});
