/**
 * Stands in for `algoliasearch/lite` in the site's bundle (see config/searchPlugin.ts): the same
 * client, pointed at the hosts from the site configuration (SEARCH_HOSTS), so the /search page and the
 * modal query the self-hosted service, or Algolia when configured so.
 */
import siteConfig from '@generated/docusaurus.config';
import { liteClient as algoliaLiteClient } from 'algoliasearch-lite-original';
import { toClientHosts } from './hosts';

export * from 'algoliasearch-lite-original';

interface SearchCustomFields {
  search: { hosts: string[] };
}

export const liteClient: typeof algoliaLiteClient = (appId, apiKey, options) => {
  const { hosts } = (siteConfig.customFields as unknown as SearchCustomFields).search;
  return algoliaLiteClient(appId, apiKey, { hosts: toClientHosts(hosts), ...options });
};
