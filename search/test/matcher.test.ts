import { describe, expect, it } from 'vitest';
import { Dictionary } from '../src/dictionary.ts';
import { allowedTypos, exactTerms, KIND_EXACT, KIND_FORM, KIND_PREFIX, KIND_TYPO, matchUnit, matchWord, qualityKind, qualityTypos } from '../src/matcher.ts';
import { TEMPLATE_SETTINGS } from '../src/settings.ts';

const dict = new Dictionary(['10', '11', 'link', 'links', 'linking', 'router', 'routers', 'query', 'queries', 'batch'].sort());
const S = TEMPLATE_SETTINGS;
const named = (m: Map<number, number>) => Object.fromEntries([...m].map(([t, q]) => [dict.terms[t], q]));

describe('allowedTypos', () => {
  it('follows minWordSizefor1Typo / 2Typos and the numeric rule', () => {
    expect(allowedTypos('ab', S)).toBe(0);
    expect(allowedTypos('abc', S)).toBe(1);
    expect(allowedTypos('abcdefg', S)).toBe(2);
    expect(allowedTypos('1234', S)).toBe(0);
    expect(allowedTypos('1234', { ...S, allowTyposOnNumericTokens: true })).toBe(1);
    expect(allowedTypos('abcdefg', { ...S, typoTolerance: false })).toBe(0);
    expect(allowedTypos('abc', { ...S, minWordSizefor1Typo: 4, minWordSizefor2Typos: 8 })).toBe(0);
  });
});

describe('matchWord', () => {
  it('grades exact, plural, typo and prefix matches', () => {
    const m = named(matchWord(dict, 'link', true, false, S));
    expect(m.link).toBe(KIND_EXACT);
    expect(m.links).toBe(KIND_EXACT); // plural counts as exact
    expect(m.linking).toBe(KIND_PREFIX); // the prefix and another form of the word: both no typo, not exact
    const typo = named(matchWord(dict, 'rooter', false, false, S));
    expect(qualityTypos(typo.router!)).toBe(1);
    expect(qualityKind(typo.router!)).toBe(KIND_TYPO);
  });

  it('matches other forms of a word with no typo, but not as exact', () => {
    const forms = new Dictionary(['authenticate', 'authentication', 'authorization'].sort());
    const m = new Map([...matchWord(forms, 'authentication', false, false, S)].map(([t, q]) => [forms.terms[t], q]));
    expect(m.get('authentication')).toBe(KIND_EXACT);
    expect(m.get('authenticate')).toBe(KIND_FORM);
    expect(qualityTypos(m.get('authenticate')!)).toBe(0);
    expect(qualityKind(m.get('authenticate')!)).not.toBe(KIND_EXACT);
  });

  it('gives a word the index has no typo alternatives; a word it lacks still gets them', () => {
    const words = new Dictionary(['rest', 'test', 'tests', 'router'].sort());
    const m = (w: string, prefix = false) => new Map([...matchWord(words, w, prefix, false, S)].map(([t, q]) => [words.terms[t], q]));
    expect([...m('rest').keys()]).toEqual(['rest']); // not "test", one typo away
    expect([...m('tests').keys()].sort()).toEqual(['test', 'tests']); // its singular, no typo alternative
    expect(qualityTypos(m('tset').get('test')!)).toBe(1); // a misspelling is still found
    expect(qualityTypos(m('roter').get('router')!)).toBe(1);
    expect([...m('rest', true).keys()]).toEqual(['rest']); // as the last word: prefixes only, no typos
  });

  it('keeps exact-only words exact', () => {
    expect(named(matchWord(dict, 'link', true, true, S))).toEqual({ link: KIND_EXACT });
  });

  it('does not prefix-match words that are not last', () => {
    expect(named(matchWord(dict, 'lin', false, false, S))).toEqual({ link: 4 + KIND_TYPO });
  });

  it('matches numbers exactly only', () => {
    expect(named(matchWord(dict, '10', false, false, S))).toEqual({ '10': KIND_EXACT });
  });

  it('matches a version written with a v as its number, another form, not exact', () => {
    expect(named(matchWord(dict, 'v10', false, false, S))).toEqual({ '10': KIND_FORM });
    const withV = new Dictionary(['11', 'v11'].sort());
    const got = Object.fromEntries([...matchWord(withV, 'v11', false, false, S)].map(([t, q]) => [withV.terms[t], q]));
    expect(got).toEqual({ v11: KIND_EXACT, '11': KIND_FORM });
    expect(named(matchWord(dict, 'v10', false, true, S))).toEqual({});
  });

  it('lists plural forms present in the dictionary', () => {
    expect(exactTerms(dict, 'query', true).map((t) => dict.terms[t])).toEqual(['query', 'queries']);
    expect(exactTerms(dict, 'query', false).map((t) => dict.terms[t])).toEqual(['query']);
  });
});

describe('matchUnit', () => {
  it('matches each word of a phrase exactly', () => {
    expect(named(matchUnit(dict, { kind: 'phrase', words: ['batch', 'link'] }, S))).toEqual({ batch: KIND_EXACT, link: KIND_EXACT });
  });
});
