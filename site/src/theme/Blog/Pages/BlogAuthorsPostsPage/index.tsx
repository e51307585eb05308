/**
 * (CUSTOM) Wraps an author's page so its meta description is the author's description from
 * blog/authors.yml, which the page already shows (the theme sets a title only).
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import BlogAuthorsPostsPage from '@theme-original/Blog/Pages/BlogAuthorsPostsPage';
import { PageMetadata } from '@docusaurus/theme-common';

export default function BlogAuthorsPostsPageWrapper(props: ComponentProps<typeof BlogAuthorsPostsPage>): ReactNode {
  return (
    <>
      <BlogAuthorsPostsPage {...props} />
      {props.author.description && <PageMetadata description={props.author.description} />}
    </>
  );
}
