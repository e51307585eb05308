/**
 * (CUSTOM) Wraps the theme's SearchBar to point DocSearch at the configured search hosts. The client
 * module loads on the first search, so pages that never search load none of it and send no request.
 */
import React, { type ComponentProps, useEffect, useMemo } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import SearchBar from '@theme-original/SearchBar';
import { isAlgoliaHosted, searchAttribution } from '../../search/hosts';
import { trapTabInSearchModal } from '../../search/focusTrap';

type Props = ComponentProps<typeof SearchBar>;
type SearchRequest = Parameters<ReturnType<typeof import('../../search/liteClient')['liteClient']>['search']>[0];

const MISSING_RESULTS_URL = 'https://github.com/trpc/trpc/issues/new';

export default function SearchBarWrapper(props: Props): React.ReactElement {
  const { siteConfig } = useDocusaurusContext();
  const { appId, apiKey } = siteConfig.themeConfig.algolia as { appId: string; apiKey: string };
  const { hosts } = (siteConfig.customFields as { search: { hosts: string[] } }).search;

  const transformSearchClient = useMemo(() => {
    let client: Promise<ReturnType<typeof import('../../search/liteClient')['liteClient']>> | null = null;
    const load = () => (client ??= import('../../search/liteClient').then((m) => m.liteClient(appId, apiKey)));
    const lazyClient = {
      appId,
      addAlgoliaAgent: () => undefined,
      clearCache: () => load().then((c) => c.clearCache()),
      search: (request: SearchRequest) => load().then((c) => c.search(request)),
    };
    return () => lazyClient;
  }, [appId, apiKey]);

  // (CUSTOM) Tab stays inside the open modal (see search/focusTrap.ts).
  useEffect(() => {
    const onKeyDown = trapTabInSearchModal();
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);

  const getMissingResultsUrl = ({ query }: { query: string }) =>
    `${MISSING_RESULTS_URL}?${new URLSearchParams({ title: `Docs search: no results for "${query}"`, labels: 'docs' })}`;

  return (
    <SearchBar
      {...props}
      // (CUSTOM) our hosts, the "Let us know." link, a preconnect only when Algolia hosts it, and a
      // footer that names the self-hosted service instead of Algolia (patch in scripts/patch-docsearch.mjs)
      transformSearchClient={transformSearchClient as never}
      getMissingResultsUrl={getMissingResultsUrl}
      preconnectUrl={isAlgoliaHosted(hosts) ? `https://${appId}-dsn.algolia.net` : undefined}
      searchAttribution={searchAttribution(hosts)}
    />
  );
}
