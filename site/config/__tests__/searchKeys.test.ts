import { describe, expect, it } from 'vitest';
import { keyAction } from '../../src/search/useSearchKeyboardEvents';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}, target: EventTarget | null = null) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...mods,
});

describe('search keyboard shortcuts', () => {
  it('Ctrl+K and Cmd+K toggle the modal', () => {
    expect(keyAction(key('k', { ctrlKey: true }), false, false)).toBe('toggle');
    expect(keyAction(key('K', { metaKey: true }), true, false)).toBe('toggle');
    expect(keyAction(key('k', { ctrlKey: true, altKey: true }), false, false)).toBeNull();
  });
  it('"/" opens only when closed and no field has focus; Escape closes only when open', () => {
    expect(keyAction(key('/'), false, false)).toBe('open');
    expect(keyAction(key('/'), true, false)).toBeNull();
    expect(keyAction(key('/', {}, { tagName: 'INPUT' } as never), false, false)).toBeNull();
    expect(keyAction(key('/', {}, { tagName: 'DIV', isContentEditable: true } as never), false, false)).toBeNull();
    expect(keyAction(key('Escape'), true, false)).toBe('close');
    expect(keyAction(key('Escape'), false, false)).toBeNull();
  });
  it('a letter or digit on the focused button becomes the query; find-in-page and other keys do not', () => {
    expect(keyAction(key('r'), false, true)).toBe('input');
    expect(keyAction(key('7'), false, true)).toBe('input');
    expect(keyAction(key('r'), false, false)).toBeNull();
    expect(keyAction(key('f', { ctrlKey: true }), false, true)).toBeNull();
    expect(keyAction(key('Tab'), false, true)).toBeNull();
  });
});
