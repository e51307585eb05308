/**
 * Who answers the search, said truthfully: Algolia's "Powered by" logo and link only when the
 * configured hosts are Algolia's; otherwise a plain label for the self-hosted service. Rendered on
 * the /search page (patched into the theme's SearchPage by scripts/patch-docsearch.mjs); the modal's
 * footer gets the same label through the SearchBar wrapper's `searchAttribution` prop.
 */
import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { searchAttribution } from './hosts';

export default function SearchAttribution({ algoliaLogo }: { algoliaLogo: ReactNode }): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { hosts } = (siteConfig.customFields as { search: { hosts: string[] } }).search;
  const label = searchAttribution(hosts);
  if (label) return <span className="search-attribution">{label}</span>;
  return (
    <>
      <span>Powered by</span>
      <Link to="https://www.algolia.com/" aria-label="Powered by Algolia">
        {algoliaLogo}
      </Link>
    </>
  );
}
