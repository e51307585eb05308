import React, { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { PageMetadata } from '@docusaurus/theme-common';
import { useAllDocsData } from '@docusaurus/plugin-content-docs/client';
import Heading from '@theme/Heading';
import { equivalentDocs, searchWords, type VersionDocs } from './suggestions';
import styles from './styles.module.css';

const LINKS = [
  { to: '/docs/', label: 'Docs', note: 'Start from the introduction' },
  { to: '/docs/quickstart', label: 'Quickstart', note: 'A typed API in about fifteen minutes' },
  { to: '/', label: 'Home', note: 'What tRPC is' },
];

/** The docs of every version, as the suggestions need them. */
function useVersions(): VersionDocs[] {
  const data = useAllDocsData();
  return useMemo(
    () =>
      Object.values(data).flatMap((plugin) =>
        plugin.versions.map((v) => ({ label: v.label, path: v.path, docs: v.docs.filter((d) => !d.unlisted) })),
      ),
    [data],
  );
}

/**
 * The 404 page's content: the missing path, the same doc in other versions when there is one, a
 * search prefilled with the path's words, and the main entry points. The static 404.html is rendered
 * without knowing the path, so the path-dependent parts appear once the page runs in the browser.
 */
export default function NotFound(): ReactNode {
  const isBrowser = useIsBrowser();
  const { pathname } = useLocation();
  const history = useHistory();
  const versions = useVersions();
  const suggestions = isBrowser ? equivalentDocs(versions, pathname) : [];
  const [query, setQuery] = useState<string | undefined>(undefined);
  const value = query ?? (isBrowser ? searchWords(pathname) : '');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    history.push(`/search?q=${encodeURIComponent(value.trim())}`);
  };

  return (
    <main className={`container margin-vert--xl ${styles.page}`}>
      {/* Also here, not only on the theme's 404 page: a miss under /docs renders this content inside
          the docs' layout, whose metadata would leave the title at just the site's name. */}
      <PageMetadata title="Page Not Found" />
      <Heading as="h1">Page not found</Heading>
      <p className={styles.lead}>
        {isBrowser ? (
          <>
            Nothing lives at <code>{pathname}</code>.
          </>
        ) : (
          'Nothing lives at this address.'
        )}{' '}
        The page may have moved, or the link may have a typo.
      </p>

      {suggestions.length > 0 && (
        <section className={styles.block} aria-labelledby="not-found-versions">
          <Heading as="h2" id="not-found-versions">
            This page in other versions
          </Heading>
          <ul className={styles.suggestions}>
            {suggestions.map((s) => (
              <li key={s.path}>
                <Link to={s.path}>
                  <span className={styles.version}>{s.label}</span> <code>{s.path}</code>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className={styles.block} aria-labelledby="not-found-search">
        <Heading as="h2" id="not-found-search">
          Search the docs
        </Heading>
        <form className={styles.search} action="/search" method="get" role="search" onSubmit={onSubmit}>
          <label className={styles.label} htmlFor="not-found-q">
            Search for
          </label>
          <input
            id="not-found-q"
            className={styles.input}
            type="search"
            name="q"
            maxLength={64}
            value={value}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button className="button button--primary" type="submit">
            Search
          </button>
        </form>
      </section>

      <nav className={styles.block} aria-labelledby="not-found-links">
        <Heading as="h2" id="not-found-links">
          Or start here
        </Heading>
        <ul className={styles.links}>
          {LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className={styles.card}>
                <strong>{l.label}</strong>
                <span>{l.note}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
