/**
 * Keyboard shortcuts of the search modal, standing in for DocSearch's hook of the same role so the
 * navbar does not load the DocSearch bundle (see SearchButton.tsx):
 * - Ctrl+K or Cmd+K opens the modal, or closes it when open;
 * - "/" opens it when no text field has focus;
 * - Escape closes it;
 * - a letter or digit typed while the search button has focus opens it with that key as the query.
 */
import { type RefObject, useEffect } from 'react';

export interface SearchKeyboardEventsOptions {
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  onInput?: (event: KeyboardEvent) => void;
  searchButtonRef?: RefObject<HTMLButtonElement | null>;
}

export function isEditingContent(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; isContentEditable?: boolean } | null;
  if (!element || typeof element !== 'object') return false;
  return !!element.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(element.tagName ?? '');
}

/** What a keydown should do, given the modal's state. Pure, for tests. */
export function keyAction(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
  isOpen: boolean,
  buttonFocused: boolean,
): 'toggle' | 'open' | 'close' | 'input' | null {
  const key = event.key ?? '';
  if (key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) return 'toggle';
  if (key === 'Escape' && isOpen) return 'close';
  if (key === '/' && !isOpen && !isEditingContent(event.target)) return 'open';
  if (!isOpen && buttonFocused && !event.ctrlKey && !event.metaKey && !event.altKey && /^[a-z0-9]$/i.test(key)) {
    return 'input';
  }
  return null;
}

export function useDocSearchKeyboardEvents({ isOpen, onOpen, onClose, onInput, searchButtonRef }: SearchKeyboardEventsOptions): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const buttonFocused = !!searchButtonRef?.current && searchButtonRef.current === document.activeElement;
      const action = keyAction(event, isOpen, buttonFocused);
      if (action === 'toggle' || action === 'open' || action === 'close') {
        event.preventDefault();
        if (isOpen) onClose();
        else if (!document.body.classList.contains('DocSearch--active')) onOpen();
      } else if (action === 'input') {
        onInput?.(event);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, onOpen, onClose, onInput, searchButtonRef]);
}
