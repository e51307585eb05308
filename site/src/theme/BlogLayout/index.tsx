/**
 * (CUSTOM) Wraps the blog layout so a post's table of contents sits in a landmark, like the rest of
 * the page (axe: region). The theme puts it in a plain column next to <main>.
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import BlogLayout from '@theme-original/BlogLayout';
import styles from './styles.module.css';

export default function BlogLayoutWrapper({ toc, ...props }: ComponentProps<typeof BlogLayout>): ReactNode {
  return (
    <BlogLayout
      {...props}
      toc={
        toc && (
          <aside className={styles.toc} aria-label="On this page">
            {toc}
          </aside>
        )
      }
    />
  );
}
