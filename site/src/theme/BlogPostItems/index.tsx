/**
 * (CUSTOM) Wraps the list of posts so the blog's index (/blog, /blog/page/N) has a page heading and a
 * lead. The theme gives that page no h1: the posts' titles (h2) sat under nothing, and a screen
 * reader's heading list started mid-page. Tag and author pages have their own h1 and are left as they are.
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import BlogPostItems from '@theme-original/BlogPostItems';
import { useLocation } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { blog } from '@site/src/data/blog';
import styles from './styles.module.css';

export default function BlogPostItemsWrapper(props: ComponentProps<typeof BlogPostItems>): ReactNode {
  const { pathname } = useLocation();
  const base = useBaseUrl('/blog');
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).replace(/\/$/, '') : null;
  const isIndex = rest !== null && /^(\/page\/\d+)?$/.test(rest);
  return (
    <>
      {isIndex && (
        <header className={`${styles.header} margin-bottom--xl`}>
          <h1>{blog.title}</h1>
          <p className="text--lg margin-bottom--none">{blog.description}</p>
        </header>
      )}
      <BlogPostItems {...props} />
    </>
  );
}
