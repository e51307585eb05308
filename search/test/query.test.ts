import { describe, expect, it } from 'vitest';
import { parseQuery } from '../src/query.ts';
import { LIMITS } from '../src/settings.ts';

describe('parseQuery', () => {
  it('treats only the last word as a prefix by default', () => {
    expect(parseQuery('Define Rout', true, 'prefixLast').units).toEqual([
      { kind: 'word', word: 'define', prefix: false, exactOnly: false },
      { kind: 'word', word: 'rout', prefix: true, exactOnly: false },
    ]);
  });

  it("drops the clitic of a contraction or possessive, so it is no word (and no last-word prefix)", () => {
    const plain = (q: string) => parseQuery(q, true, 'prefixLast').units.map((u) => (u.kind === 'word' ? u.word + (u.prefix ? '*' : '') : u.words.join('_')));
    expect(plain("router doesn't")).toEqual(['router', 'doesn*']);
    expect(plain('the router\u2019s input')).toEqual(['the', 'router', 'input*']);
    expect(plain("you're we've it'll I'd I'm")).toEqual(['you', 'we', 'it', 'i']);
    // Quoted phrases match the text as indexed, where the clitic is a word.
    expect(plain('"doesn\'t work"')).toEqual(['doesn_t_work']);
    // Only after an apostrophe: a word that merely starts with those letters stays.
    expect(plain("o'reilly's")).toEqual(['o', 'reilly*']);
  });

  it('follows queryType', () => {
    expect(parseQuery('a b', true, 'prefixAll').units.every((u) => u.kind === 'word' && u.prefix)).toBe(true);
    expect(parseQuery('a b', true, 'prefixNone').units.some((u) => u.kind === 'word' && u.prefix)).toBe(false);
  });

  it('reads quoted phrases and exclusions with advanced syntax', () => {
    const q = parseQuery('"batch link" options -deprecated', true, 'prefixLast');
    expect(q.units).toEqual([
      { kind: 'phrase', words: ['batch', 'link'] },
      { kind: 'word', word: 'options', prefix: false, exactOnly: false },
    ]);
    expect(q.excluded).toEqual(['deprecated']);
  });

  it('makes a quoted single word exact-only and ignores a lone quote', () => {
    expect(parseQuery('"router"', true, 'prefixLast').units).toEqual([{ kind: 'word', word: 'router', prefix: false, exactOnly: true }]);
    expect(parseQuery('"router', true, 'prefixLast').units).toEqual([{ kind: 'word', word: 'router', prefix: true, exactOnly: false }]);
  });

  it('keeps dashes inside words and ignores the syntax without advancedSyntax', () => {
    expect(parseQuery('end-to-end', true, 'prefixLast').excluded).toEqual([]);
    const plain = parseQuery('"a b" -c', false, 'prefixLast');
    expect(plain.excluded).toEqual([]);
    expect(plain.units.map((u) => (u.kind === 'word' ? u.word : ''))).toEqual(['a', 'b', 'c']);
  });

  it('drops duplicate words and caps the number of words', () => {
    expect(parseQuery('link link', true, 'prefixNone').units).toHaveLength(1);
    const many = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    expect(parseQuery(many, true, 'prefixLast').units).toHaveLength(LIMITS.maxQueryWords);
  });

  it('returns nothing for punctuation only', () => {
    expect(parseQuery(' ?!, ', true, 'prefixLast')).toEqual({ units: [], excluded: [] });
  });
});
