/**
 * The navbar's search button, standing in for `@docsearch/react/button` (see config/searchPlugin.ts).
 * DocSearch 3 ships as one bundle, so importing its button pulled the whole modal and search client
 * into every page's main chunk. This button renders the same DocSearch-* markup (styled by
 * @docsearch/css); the modal itself still comes from DocSearch, loaded on intent.
 */
import React, { type ComponentPropsWithRef, useEffect, useState } from 'react';

interface ButtonTranslations {
  buttonText?: string;
  buttonAriaLabel?: string;
}

type Props = Omit<ComponentPropsWithRef<'button'>, 'type'> & { translations?: ButtonTranslations };

function isApplePlatform(): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);
}

function SearchIcon() {
  return (
    <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M13 13l5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export const DocSearchButton = React.forwardRef<HTMLButtonElement, Props>(function SearchButton(
  { translations = {}, ...props },
  ref,
) {
  const { buttonText = 'Search' } = translations;
  // The shortcut hint depends on the platform, known only in the browser: render it after hydration.
  const [modifier, setModifier] = useState<string | null>(null);
  useEffect(() => setModifier(isApplePlatform() ? '⌘' : 'Ctrl'), []);

  return (
    <button
      type="button"
      className="DocSearch DocSearch-Button"
      // The name is the visible label (also when narrow screens hide the label); the shortcut is
      // announced through aria-keyshortcuts, and its hint is drawn by CSS from data-key, so it is not
      // text that would contradict the name.
      aria-label={buttonText}
      aria-keyshortcuts="Control+K Meta+K /"
      {...props}
      ref={ref}>
      <span className="DocSearch-Button-Container">
        <SearchIcon />
        <span className="DocSearch-Button-Placeholder">{buttonText}</span>
      </span>
      <span className="DocSearch-Button-Keys" aria-hidden="true">
        {modifier && (
          <>
            <kbd className="DocSearch-Button-Key" data-key={modifier} />
            <kbd className="DocSearch-Button-Key" data-key="K" />
          </>
        )}
      </span>
    </button>
  );
});
