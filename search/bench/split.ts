/**
 * The real-questions set is split in two, once, by a seeded shuffle: one half ranking work may be
 * tuned on, the other held out and only reported. The halves are stored in the file (`half` on each
 * query) and `checkSplit` recomputes them, so an edit that moves a query between halves, or tunes
 * the held-out half by rewording it, changes the file's own record of what the split was.
 *
 *   node --import tsx bench/split.ts   (re)assigns `half` from the file's `seed`; run it only when
 *                                      queries are added, never to move a miss out of the held-out half.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Half = 'tune' | 'heldout';

export interface RealQuestion {
  query: string;
  expect: string;
  version?: string;
  /** Where the question was asked (issue, pull request or discussion URL). */
  source: string;
  /** The question as it was asked (title), for the reader of the file. */
  question: string;
  half?: Half;
}

export interface RealQuestionsFile {
  description: string;
  seed: number;
  queries: RealQuestion[];
}

/** mulberry32: a small, well-known 32-bit PRNG; the same seed gives the same sequence everywhere. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Key of a query for the split: its text and version, so reordering the file changes nothing. */
export const questionKey = (q: Pick<RealQuestion, 'query' | 'version'>) => `${q.version ?? 'current'}\u0000${q.query}`;

/** The half of every query: a Fisher-Yates shuffle of the sorted keys, first half tuned on. */
export function assignHalves(queries: Pick<RealQuestion, 'query' | 'version'>[], seed: number): Map<string, Half> {
  const keys = queries.map(questionKey).sort();
  const random = mulberry32(seed);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  }
  const halves = new Map<string, Half>();
  keys.forEach((k, i) => halves.set(k, i < Math.ceil(keys.length / 2) ? 'tune' : 'heldout'));
  return halves;
}

/** Queries whose stored half differs from the seeded split (empty when the file is consistent). */
export function checkSplit(file: RealQuestionsFile): RealQuestion[] {
  const halves = assignHalves(file.queries, file.seed);
  return file.queries.filter((q) => q.half !== halves.get(questionKey(q)));
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REAL_QUESTIONS_FILE = path.join(HERE, 'real-questions.json');
/** A second held-out set (same schema, no `half`), written after the ranking work; only reported. */
export const FRESH_QUESTIONS_FILE = path.join(HERE, 'real-questions-fresh.json');
/** More real questions (same schema, no `half`), collected later for tuning only; the bench prints their misses. */
export const EXTRA_QUESTIONS_FILE = path.join(HERE, 'real-questions-extra.json');

async function main(): Promise<void> {
  const file = JSON.parse(await fs.readFile(REAL_QUESTIONS_FILE, 'utf8')) as RealQuestionsFile;
  const halves = assignHalves(file.queries, file.seed);
  for (const q of file.queries) q.half = halves.get(questionKey(q))!;
  const lines = file.queries.map((q) => `    ${JSON.stringify(q)}`);
  const text = `{\n  "description": ${JSON.stringify(file.description)},\n  "seed": ${file.seed},\n  "queries": [\n${lines.join(',\n')}\n  ]\n}\n`;
  await fs.writeFile(REAL_QUESTIONS_FILE, text);
  const tune = file.queries.filter((q) => q.half === 'tune').length;
  console.log(`${file.queries.length} queries: ${tune} tune, ${file.queries.length - tune} held out (seed ${file.seed})`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
