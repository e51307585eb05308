import React, { type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';
import styles from './styles.module.css';

/**
 * The frame of a code block. The theme's sets the Prism colours inline from the current colour mode;
 * this one leaves them to the generated stylesheet (config/codeHighlight.ts), so the server-rendered
 * markup is right in both modes and needs no second render.
 */
export default function CodeBlockContainer<T extends 'div' | 'pre'>({
  as,
  className,
  ...props
}: { as: T } & ComponentProps<T>): ReactNode {
  return React.createElement(as, {
    ...props,
    className: clsx(className, styles.container, ThemeClassNames.common.codeBlock),
  });
}
