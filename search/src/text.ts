/**
 * Text handling shared by the indexer, the engine and the highlighter: one tokenizer, so that what
 * is indexed, what is matched and what is highlighted always agree.
 */

export interface Token {
  /** Normalised form: lower case, accents removed. */
  norm: string;
  /** Offsets in the original string, end exclusive. */
  start: number;
  end: number;
  /** Word position inside the attribute; camel-case parts take consecutive positions. */
  pos: number;
  /** True for a camel-case part of a longer word (the whole word is emitted too, first). */
  part: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;
const CAMEL_PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+|[^A-Za-z0-9]+/g;
const PLAIN = /^[a-z0-9]+$/;
const ASCII_WORD = /^[A-Za-z0-9]+$/;
const MARKS = /\p{M}/gu;

export function normalizeWord(word: string): string {
  const lower = word.toLowerCase();
  if (PLAIN.test(lower)) return lower;
  return lower.normalize('NFD').replace(MARKS, '');
}

export interface TokenizeOptions {
  /** Also emit camel-case parts (`httpBatchLink` → http, batch, link). Default true. */
  parts?: boolean;
  /**
   * Also emit the concatenation of 2 and 3 neighbouring words separated only by spaces or hyphens
   * (`HTTP Batch Link` → httpbatch, httpbatchlink; `end-to-end` → endtoend), so a query written as
   * one word finds a title written as several. Used for the hierarchy (headings), which is short.
   */
  concat?: boolean;
}

const JOINABLE_GAP = /^[\s-]*$/;
/** Camel-case names of at most this many parts also get their runs of neighbouring parts joined. */
const CAMEL_RUN_MAX_PARTS = 5;

/**
 * Splits text into words. A word written in camel case or mixing letters and digits
 * (`httpBatchLink`, `v10`) is emitted whole and then as its parts, the way Algolia's
 * `camelCaseAttributes` makes `batch` find `httpBatchLink`. Parts and concatenations come right
 * after the word they start at, flagged `part`.
 */
export function tokenize(text: string, options: TokenizeOptions | boolean = {}): Token[] {
  const opts = typeof options === 'boolean' ? { parts: options } : options;
  const withParts = opts.parts ?? true;
  const words: { raw: string; start: number; norm: string }[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
    words.push({ raw: m[0], start: m.index, norm: normalizeWord(m[0]) });
  }
  const out: Token[] = [];
  const positions: number[] = [];
  let pos = 0;
  words.forEach((w, i) => {
    positions.push(pos);
    const start = w.start;
    out.push({ norm: w.norm, start, end: start + w.raw.length, pos, part: false });
    let width = 1;
    if (withParts && w.raw.length > 1 && ASCII_WORD.test(w.raw)) {
      const parts = w.raw.match(CAMEL_PART);
      if (parts && parts.length > 1) {
        let offset = start;
        let p = pos;
        for (const part of parts) {
          out.push({ norm: normalizeWord(part), start: offset, end: offset + part.length, pos: p, part: true });
          offset += part.length;
          p += 1;
        }
        // Runs of neighbouring parts, joined: a reader who drops a hook's or a factory's prefix
        // writes `infinitequery` for `useInfiniteQuery`, `batchstreamlink` for
        // `httpBatchStreamLink`. The whole word is already emitted; names of more parts than
        // CAMEL_RUN_MAX_PARTS are prose-like and get none.
        if (parts.length >= 3 && parts.length <= CAMEL_RUN_MAX_PARTS) {
          const offsets: number[] = [];
          let o = start;
          for (const part of parts) {
            offsets.push(o);
            o += part.length;
          }
          for (let from = 0; from < parts.length - 1; from++) {
            let norm = normalizeWord(parts[from]!);
            for (let to = from + 1; to < parts.length; to++) {
              norm += normalizeWord(parts[to]!);
              if (from === 0 && to === parts.length - 1) break;
              out.push({ norm, start: offsets[from]!, end: offsets[to]! + parts[to]!.length, pos: pos + from, part: true });
            }
          }
        }
        width = parts.length;
      }
    }
    if (opts.concat) {
      let norm = w.norm;
      for (let j = i + 1; j < Math.min(i + 3, words.length); j++) {
        const prev = words[j - 1]!;
        if (!JOINABLE_GAP.test(text.slice(prev.start + prev.raw.length, words[j]!.start))) break;
        norm += words[j]!.norm;
        out.push({ norm, start, end: words[j]!.start + words[j]!.raw.length, pos, part: true });
      }
    }
    // A library named `<name>.js` (Next.js, Node.js) is typed as one word too: `nextjs`.
    const following = words[i + 1];
    if (withParts && following && following.norm === 'js' && text.slice(w.start + w.raw.length, following.start) === '.') {
      out.push({ norm: w.norm + 'js', start, end: following.start + following.raw.length, pos, part: true });
    }
    pos += width;
  });
  return out;
}

/**
 * Singular and plural forms of an English word, for `ignorePlurals`. Each candidate is only used
 * when it exists in the index dictionary, so over-generation is harmless.
 */
export function pluralVariants(word: string): string[] {
  if (word.length < 3 || /^[0-9]+$/.test(word)) return [];
  const out = new Set<string>();
  const add = (w: string) => {
    if (w.length >= 2 && w !== word) out.add(w);
  };
  if (word.endsWith('ies') && word.length > 4) add(word.slice(0, -3) + 'y');
  if (/(s|x|z|ch|sh)es$/.test(word)) add(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) add(word.slice(0, -1));
  if (/[^aeiou]y$/.test(word)) add(word.slice(0, -1) + 'ies');
  if (/(s|x|z|ch|sh)$/.test(word)) add(word + 'es');
  else add(word + 's');
  return [...out];
}

/** Suffix rewrites of `wordStem`, longest first: the ending and what replaces it. */
const STEM_RULES: readonly [string, string][] = [
  ['ations', 'ate'], ['ation', 'ate'], ['ings', ''], ['ing', ''], ['ions', ''], ['ion', ''],
  ['ments', ''], ['ment', ''], ['ers', ''], ['er', ''], ['ied', 'y'], ['ies', 'y'], ['ed', ''], ['es', ''], ['s', ''],
];

/**
 * A light English stem, for matching other forms of a word (`authentication`, `authenticate`;
 * `caching`, `cache`; `extending`, `extends`): one suffix rule from STEM_RULES, then a final `e`
 * and a doubled final consonant go. Words under 5 letters, words with digits and words ending in
 * `ss` are their own stem. Only equality of stems is used, so a stem need not be a word.
 */
export function wordStem(word: string): string {
  if (word.length < 5 || /[0-9]/.test(word) || word.endsWith('ss')) return word;
  let w = word;
  for (const [suffix, replacement] of STEM_RULES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length) + replacement;
      break;
    }
  }
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** HTML-escapes text before highlight tags are added around it. */
const SPECIAL = /[&<>"']/;

export function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c) : text;
}

export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
