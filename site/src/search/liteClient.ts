/**
 * Stands in for `algoliasearch/lite` in the site's bundle (see config/searchPlugin.ts): the same
 * client, pointed at the hosts from the site configuration (SEARCH_HOSTS), so the /search page and the
 * modal query the self-hosted service, or Algolia when configured so.
 */
import siteConfig from '@generated/docusaurus.config';
import { liteClient as algoliaLiteClient } from 'algoliasearch-lite-original';
import { createHostsCache, hostsForVisit, toClientHosts } from './hosts';

export * from 'algoliasearch-lite-original';

interface SearchCustomFields {
  search: { hosts: string[] };
}

// One order per page load, shared by the modal and the /search page: a reader stays on the replica
// picked for this visit, and readers as a whole spread over all of them.
const { hosts } = (siteConfig.customFields as unknown as SearchCustomFields).search;
const visitHosts = toClientHosts(hostsForVisit(hosts));
// Shared too: a replica found down by the modal is skipped by the /search page, and the other way round.
const hostsCache = createHostsCache();

export const liteClient: typeof algoliaLiteClient = (appId, apiKey, options) =>
  algoliaLiteClient(appId, apiKey, { hosts: visitHosts, hostsCache, ...options });
