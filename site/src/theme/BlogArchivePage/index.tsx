/**
 * (CUSTOM) The blog archive, written for the site instead of wrapping the theme's: the theme's page put
 * its title in a `<header>` outside `<main>` (a second banner landmark beside the announcement bar)
 * and its years in h3 headings straight under the h1, both flagged by axe. Here the title is the h1
 * at the top of `<main>`, each year is a section with an h2, and posts are listed newest first within
 * each year, as the years and the blog itself are.
 */
import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { translate } from '@docusaurus/Translate';
import { PageMetadata } from '@docusaurus/theme-common';
import type { Props } from '@theme/BlogArchivePage';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import styles from './styles.module.css';

type Post = Props['archive']['blogPosts'][number];

/** Posts by year, newest year first, each year's posts newest first. */
export function postsByYear(posts: readonly Post[]): { year: string; posts: Post[] }[] {
  const years = new Map<string, Post[]>();
  const newestFirst = [...posts].sort((a, b) => b.metadata.date.localeCompare(a.metadata.date));
  for (const post of newestFirst) {
    const year = post.metadata.date.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), post]);
  }
  return [...years].map(([year, list]) => ({ year, posts: list }));
}

const dayAndMonth = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', timeZone: 'UTC' });

export default function BlogArchivePage({ archive }: Props): ReactNode {
  const title = translate({ id: 'theme.blog.archive.title', message: 'Archive', description: 'The page & hero title of the blog archive page' });
  const description = translate({
    id: 'theme.blog.archive.description',
    message: 'Archive',
    description: 'The page & hero description of the blog archive page',
  });
  const years = postsByYear(archive.blogPosts);
  return (
    <>
      <PageMetadata title={title} description={description} />
      <Layout>
        <main>
          <div className="hero hero--primary">
            <div className="container">
              <Heading as="h1" className="hero__title">
                {title}
              </Heading>
              <p className="hero__subtitle">{description}</p>
            </div>
          </div>
          {years.length > 0 && (
            <div className="container margin-vert--lg">
              <div className="row">
                {years.map(({ year, posts }) => (
                  <section key={year} className="col col--4 margin-vert--lg">
                    <Heading as="h2" id={year} className={styles.year}>
                      {year}
                    </Heading>
                    <ul>
                      {posts.map((post) => (
                        <li key={post.metadata.permalink}>
                          <Link to={post.metadata.permalink}>
                            <time dateTime={post.metadata.date}>{dayAndMonth.format(new Date(post.metadata.date))}</time> –{' '}
                            {post.metadata.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            </div>
          )}
        </main>
      </Layout>
    </>
  );
}
