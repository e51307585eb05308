/**
 * Query text → query units. With `advancedSyntax`, `"a quoted phrase"` must match as consecutive
 * words and `-word` excludes records containing the word; the prefix rule (`queryType`) decides
 * which words also match as the beginning of a longer word.
 */
import type { QueryType } from './settings.ts';
import { LIMITS } from './settings.ts';
import { tokenize } from './text.ts';

export type QueryUnit =
  | { kind: 'word'; word: string; prefix: boolean; exactOnly: boolean }
  | { kind: 'phrase'; words: string[] };

export interface ParsedQuery {
  units: QueryUnit[];
  excluded: string[];
}

interface Chunk {
  text: string;
  quoted: boolean;
  negated: boolean;
}

/**
 * An English clitic after an apostrophe (`doesn't`, `router's`, `it's`, `you're`): never a word of
 * its own, and the tokenizer would make it one (`t`, `s`), which as the last word matches every
 * word starting with that letter.
 */
const CLITIC = /(\p{L})['\u2019](?:t|s|re|ve|ll|d|m)(?![\p{L}\p{N}])/giu;

function words(text: string): string[] {
  return tokenize(text, false).map((t) => t.norm);
}

/** Words of a plain (unquoted) chunk: clitics dropped. */
function plainWords(text: string): string[] {
  return words(text.replace(CLITIC, '$1'));
}

function splitAdvanced(query: string): Chunk[] {
  const chunks: Chunk[] = [];
  let i = 0;
  while (i < query.length) {
    const c = query[i]!;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === '"') {
      const close = query.indexOf('"', i + 1);
      if (close > i) {
        chunks.push({ text: query.slice(i + 1, close), quoted: true, negated: false });
        i = close + 1;
        continue;
      }
      i += 1; // an unmatched quote is just a separator
      continue;
    }
    let end = i;
    while (end < query.length && !/\s/.test(query[end]!) && query[end] !== '"') end += 1;
    const raw = query.slice(i, end);
    const negated = raw.startsWith('-') && raw.length > 1 && (i === 0 || /\s/.test(query[i - 1]!));
    chunks.push({ text: negated ? raw.slice(1) : raw, quoted: false, negated });
    i = end;
  }
  return chunks;
}

export function parseQuery(query: string, advancedSyntax: boolean, queryType: QueryType): ParsedQuery {
  const chunks: Chunk[] = advancedSyntax ? splitAdvanced(query) : [{ text: query, quoted: false, negated: false }];
  const units: QueryUnit[] = [];
  const excluded: string[] = [];
  const seen = new Set<string>();
  const add = (unit: QueryUnit) => {
    const key = unit.kind === 'word' ? `w:${unit.word}:${unit.exactOnly}` : `p:${unit.words.join(' ')}`;
    if (seen.has(key) || units.length >= LIMITS.maxQueryWords) return;
    seen.add(key);
    units.push(unit);
  };
  // Index of the last plain word in the query, the one `prefixLast` treats as a prefix.
  let lastPlain = -1;
  chunks.forEach((chunk, ci) => {
    if (!chunk.quoted && !chunk.negated && plainWords(chunk.text).length > 0) lastPlain = ci;
  });
  const lastChunkIsPlain = lastPlain === chunks.length - 1;

  chunks.forEach((chunk, ci) => {
    const ws = chunk.quoted ? words(chunk.text) : plainWords(chunk.text);
    if (ws.length === 0) return;
    if (chunk.negated) {
      excluded.push(...ws);
      return;
    }
    if (chunk.quoted) {
      if (ws.length === 1) add({ kind: 'word', word: ws[0]!, prefix: false, exactOnly: true });
      else add({ kind: 'phrase', words: ws });
      return;
    }
    ws.forEach((word, wi) => {
      const isLast = ci === lastPlain && lastChunkIsPlain && wi === ws.length - 1;
      const prefix = queryType === 'prefixAll' || (queryType === 'prefixLast' && isLast);
      add({ kind: 'word', word, prefix, exactOnly: false });
    });
  });
  return { units, excluded: [...new Set(excluded)] };
}

/** The query words a unit stands for, as reported in `matchedWords`. */
export function unitWords(unit: QueryUnit): string[] {
  return unit.kind === 'word' ? [unit.word] : unit.words;
}
