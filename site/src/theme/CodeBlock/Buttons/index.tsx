/**
 * (CUSTOM) The theme's CodeBlock/Buttons (3.10.2): the word-wrap and copy buttons, still rendered in
 * the browser only (they need React to work), but inside a group element that the server HTML already
 * holds. The theme adds the whole group after hydration, behind the block's `<pre>`, which stops being
 * the `:last-child` of its parent; Infima's `:last-child` rules then restyle every block's code again.
 * Same markup and classes once hydrated.
 */
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import BrowserOnly from '@docusaurus/BrowserOnly';
import type { Props } from '@theme/CodeBlock/Buttons';
import CopyButton from '@theme/CodeBlock/Buttons/CopyButton';
import WordWrapButton from '@theme/CodeBlock/Buttons/WordWrapButton';
// The theme's own stylesheet for the group, so the classes are exactly the theme's.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Buttons/styles.module.css';

export default function CodeBlockButtons({ className }: Props): ReactNode {
  return (
    <div className={clsx(className, styles.buttonGroup)}>
      <BrowserOnly>
        {() => (
          <>
            <WordWrapButton />
            <CopyButton />
          </>
        )}
      </BrowserOnly>
    </div>
  );
}
