import { describe, expect, it } from 'vitest';
import { escapeHtml, normalizeWord, pluralVariants, tokenize, utf8Length, wordStem } from '../src/text.ts';

describe('tokenize', () => {
  it('splits on non-letters and keeps offsets into the original text', () => {
    const toks = tokenize('Hello, wörld!', false);
    expect(toks.map((t) => t.norm)).toEqual(['hello', 'world']);
    expect(toks.map((t) => [t.start, t.end])).toEqual([
      [0, 5],
      [7, 12],
    ]);
  });

  it('emits camel-case parts after the whole word, on consecutive positions', () => {
    const toks = tokenize('use httpBatchLink now');
    expect(toks.map((t) => `${t.norm}@${t.pos}${t.part ? '*' : ''}`)).toEqual([
      'use@0',
      'httpbatchlink@1',
      'http@1*',
      'batch@2*',
      'link@3*',
      'httpbatch@1*',
      'batchlink@2*',
      'now@4',
    ]);
  });

  it('joins runs of neighbouring camel-case parts, so a name typed without its prefix finds it', () => {
    const text = 'call useInfiniteQuery';
    const runs = tokenize(text).filter((t) => t.part && !['use', 'infinite', 'query'].includes(t.norm));
    expect(runs.map((t) => `${t.norm}@${t.pos}:${text.slice(t.start, t.end)}`)).toEqual([
      'useinfinite@1:useInfinite',
      'infinitequery@2:InfiniteQuery',
    ]);
    // Names of more than five parts read like prose: parts only, no runs.
    const long = tokenize('createTRPCProxyClientForTheWholeApp').filter((t) => t.part);
    expect(long.map((t) => t.norm)).toEqual(['create', 'trpc', 'proxy', 'client', 'for', 'the', 'whole', 'app']);
  });

  it('splits acronyms and digits', () => {
    const parts = tokenize('createTRPCProxyClient v10').filter((t) => t.part).map((t) => t.norm);
    expect(parts).toEqual(['create', 'trpc', 'proxy', 'client', 'createtrpc', 'createtrpcproxy', 'trpcproxy', 'trpcproxyclient', 'proxyclient', 'v', '10']);
  });

  it('concatenates neighbouring words joined by spaces or hyphens when asked', () => {
    const toks = tokenize('HTTP Batch Link: end-to-end', { concat: true }).filter((t) => t.part);
    expect(toks.map((t) => t.norm)).toEqual(['httpbatch', 'httpbatchlink', 'batchlink', 'endto', 'endtoend', 'toend']);
    const full = toks.find((t) => t.norm === 'httpbatchlink')!;
    expect([full.start, full.end]).toEqual([0, 15]);
  });

  it('joins a `<name>.js` library name into one word, in any text', () => {
    const toks = tokenize('Use Next.js or Node.js, not next. js').filter((t) => t.part);
    expect(toks.map((t) => t.norm)).toEqual(['nextjs', 'nodejs']);
    expect([toks[0]!.start, toks[0]!.end]).toEqual([4, 11]);
    expect(tokenize('Next.js', false).map((t) => t.norm)).toEqual(['next', 'js']); // queries: words only
  });

  it('does not concatenate across punctuation', () => {
    expect(tokenize('Link: options', { concat: true }).some((t) => t.norm === 'linkoptions')).toBe(false);
  });
});

describe('helpers', () => {
  it('normalises case and accents', () => {
    expect(normalizeWord('Ÿes')).toBe('yes');
    expect(normalizeWord('ROUTER')).toBe('router');
  });

  it('generates singular and plural forms', () => {
    expect(pluralVariants('routers')).toContain('router');
    expect(pluralVariants('router')).toContain('routers');
    expect(pluralVariants('queries')).toContain('query');
    expect(pluralVariants('query')).toContain('queries');
    expect(pluralVariants('caches')).toContain('cache');
    expect(pluralVariants('box')).toContain('boxes');
    expect(pluralVariants('is')).toEqual([]);
  });

  it('escapes HTML special characters', () => {
    expect(escapeHtml(`Record<string, T> & "x" 'y'`)).toBe('Record&lt;string, T&gt; &amp; &quot;x&quot; &#39;y&#39;');
  });

  it('counts UTF-8 bytes', () => {
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€a')).toBe(4);
  });
});

describe('wordStem', () => {
  it('gives the forms of a word one stem', () => {
    const same = [
      ['authentication', 'authenticate', 'authenticated'],
      ['caching', 'cache', 'cached'],
      ['extending', 'extends', 'extend'],
      ['invalidation', 'invalidate', 'invalidating'],
      ['streaming', 'streams', 'stream'],
      ['reconnection', 'reconnect', 'reconnecting'],
      ['logging', 'logged', 'log'],
      ['queries', 'query'],
    ];
    for (const forms of same) expect(new Set(forms.map(wordStem)).size, forms.join(' ')).toBe(1);
  });

  it('leaves short words, numbers and -ss words alone and keeps different words apart', () => {
    expect(wordStem('used')).toBe('used');
    expect(wordStem('v10')).toBe('v10');
    expect(wordStem('access')).toBe('access');
    expect(wordStem('query')).not.toBe(wordStem('queue'));
    expect(wordStem('context')).not.toBe(wordStem('content'));
  });
});

