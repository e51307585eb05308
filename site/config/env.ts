/**
 * Reads the site's environment variables, applies working defaults and rejects bad values with a
 * message that names the variable. Kept free of Docusaurus imports so it can be unit-tested.
 */
export interface SearchEnv {
  appId: string;
  apiKey: string;
  indexName: string;
  /** Search hosts the browser tries in order, as absolute http(s) URLs without a trailing slash. */
  hosts: string[];
}

export interface SiteEnv {
  siteUrl: string;
  search: SearchEnv;
  gaTrackingId: string | null;
  socialWidgetSrc: string | null;
  /**
   * Where "Edit this page" links lead: the URL of this repository's root in a web editor (for example
   * https://github.com/OWNER/REPO/edit/main), without a trailing slash. The page's path in the
   * repository (site/docs/quickstart.md) is appended. Null (no edit links) when EDIT_URL is unset.
   */
  editUrl: string | null;
}

export const DEFAULT_SEARCH: SearchEnv = {
  appId: 'TRPCLOCAL',
  apiKey: 'trpc-public-search-key',
  indexName: 'trpc-docs',
  hosts: ['http://127.0.0.1:7700', 'http://127.0.0.1:7701'],
};

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must use http or https, got "${value}"`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function nonEmpty(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  const trimmed = value.trim();
  if (!trimmed) throw new Error(`${name} is set but empty; unset it to use the default "${fallback}"`);
  if (/\s/.test(trimmed)) throw new Error(`${name} must not contain white space, got "${value}"`);
  return trimmed;
}

function editUrl(value: string | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const url = httpUrl('EDIT_URL', trimmed);
  const parsed = new URL(trimmed);
  if (parsed.search || parsed.hash) {
    throw new Error(`EDIT_URL must not have a query or a fragment (the page's path is appended to it), got "${value}"`);
  }
  if (/\s/.test(trimmed)) throw new Error(`EDIT_URL must not contain white space, got "${value}"`);
  return url;
}

export function siteEnv(vars: Record<string, string | undefined>): SiteEnv {
  const siteUrl = httpUrl('SITE_URL', vars.SITE_URL ?? 'http://localhost:3000');
  if (new URL(siteUrl).pathname !== '/' && new URL(siteUrl).pathname !== '') {
    throw new Error(`SITE_URL must not contain a path (the site is served at /), got "${vars.SITE_URL}"`);
  }
  const hosts = vars.SEARCH_HOSTS
    ? vars.SEARCH_HOSTS.split(',')
        .map((h) => h.trim())
        .filter(Boolean)
        .map((h) => httpUrl('SEARCH_HOSTS', h))
    : DEFAULT_SEARCH.hosts;
  if (hosts.length === 0) throw new Error('SEARCH_HOSTS must list at least one URL');
  const ga = vars.GA_TRACKING_ID?.trim() || null;
  if (ga && !/^(G|UA|AW)-[A-Z0-9-]+$/i.test(ga)) {
    throw new Error(`GA_TRACKING_ID does not look like a Google tag id (G-XXXX), got "${ga}"`);
  }
  const widget = vars.SOCIAL_WIDGET_SRC?.trim() ? httpUrl('SOCIAL_WIDGET_SRC', vars.SOCIAL_WIDGET_SRC.trim()) : null;
  return {
    siteUrl: new URL(siteUrl).origin,
    editUrl: editUrl(vars.EDIT_URL),
    search: {
      appId: nonEmpty('SEARCH_APP_ID', vars.SEARCH_APP_ID, DEFAULT_SEARCH.appId),
      apiKey: nonEmpty('SEARCH_API_KEY', vars.SEARCH_API_KEY, DEFAULT_SEARCH.apiKey),
      indexName: nonEmpty('SEARCH_INDEX', vars.SEARCH_INDEX, DEFAULT_SEARCH.indexName),
      hosts,
    },
    gaTrackingId: ga,
    socialWidgetSrc: widget,
  };
}
