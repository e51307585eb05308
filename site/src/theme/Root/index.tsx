/**
 * (CUSTOM) Wraps the app root to preload the Inter files on every page, so text is laid out in
 * Inter from the start instead of re-wrapping when the font swaps in (a layout shift Lighthouse
 * measured on doc pages).
 */
import React, { type ReactNode } from 'react';
import FontPreload from '@site/src/components/FontPreload';

export default function Root({ children }: { children: ReactNode }): ReactNode {
  return (
    <>
      <FontPreload />
      {children}
    </>
  );
}
