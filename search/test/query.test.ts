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
