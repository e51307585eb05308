/**
 * (CUSTOM) Wraps the blog archive so each year lists its posts newest first, like the years and the
 * blog itself. The theme groups the posts by year by putting each in front of the ones before it,
 * which turned the order within a year around ("January 14" above "January 17"); handing it the
 * posts oldest first within each year makes that grouping come out newest first.
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import BlogArchivePage from '@theme-original/BlogArchivePage';

type Props = ComponentProps<typeof BlogArchivePage>;
type Post = Props['archive']['blogPosts'][number];

const year = (post: Post) => post.metadata.date.slice(0, 4);
const byYearNewestThenDateOldest = (a: Post, b: Post) => year(b).localeCompare(year(a)) || a.metadata.date.localeCompare(b.metadata.date);

export default function BlogArchivePageWrapper(props: Props): ReactNode {
  const blogPosts = [...props.archive.blogPosts].sort(byYearNewestThenDateOldest);
  return <BlogArchivePage {...props} archive={{ ...props.archive, blogPosts }} />;
}
