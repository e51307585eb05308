/**
 * (CUSTOM) Wraps the theme's heading so a title the theme renders from front matter (a doc's
 * `title`, a blog post's) gets the same break points in long names as Markdown headings
 * (config/rehypeTables.ts): on a phone, "httpSubscriptionLink" broke as "httpSubscriptionL / ink".
 * Headings with markup already have theirs from the build; only plain-text children are split here.
 */
import React, { Fragment, type ComponentProps, type ReactNode } from 'react';
import Heading from '@theme-original/Heading';
import { breakPieces } from '@site/src/text/breakPoints';

export default function HeadingWrapper({ children, ...props }: ComponentProps<typeof Heading>): ReactNode {
  if (typeof children !== 'string') return <Heading {...props}>{children}</Heading>;
  const pieces = breakPieces(children);
  return (
    <Heading {...props}>
      {pieces.length === 1
        ? children
        : pieces.map((piece, i) => (
            <Fragment key={i}>
              {i > 0 && <wbr />}
              {piece}
            </Fragment>
          ))}
    </Heading>
  );
}
