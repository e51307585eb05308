/** A search host in the form the algoliasearch v5 client takes. */
export interface ClientHost {
  url: string;
  port?: number;
  protocol: 'http' | 'https';
  accept: 'read';
}

/**
 * Turns the configured host URLs (`http://127.0.0.1:7700`) into the client's host list, in order: the
 * client tries them one after the other and skips a timed-out host for two minutes.
 */
export function toClientHosts(urls: readonly string[]): ClientHost[] {
  return urls.map((raw) => {
    const url = new URL(raw);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    return {
      url: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      protocol,
      accept: 'read',
    };
  });
}

/** Whether the hosts are Algolia's own (then a preconnect on page load is worth it). */
export function isAlgoliaHosted(urls: readonly string[]): boolean {
  return urls.length > 0 && urls.every((u) => /\.algolia(net)?\.(net|com)$/.test(new URL(u).hostname));
}

/** The label that names the search service when it is not Algolia's (else undefined: Algolia's logo). */
export function searchAttribution(urls: readonly string[]): string | undefined {
  return isAlgoliaHosted(urls) ? undefined : 'Search by tRPC docs';
}

/**
 * The hosts in the order one visit tries them: the first is picked at random (so every replica serves
 * readers instead of the second idling), the rest follow in configured order and take over when it
 * fails. `random` returns a number in [0, 1), as Math.random does.
 */
export function hostsForVisit<T>(hosts: readonly T[], random: () => number = Math.random): T[] {
  if (hosts.length < 2) return [...hosts];
  const first = Math.min(hosts.length - 1, Math.floor(random() * hosts.length));
  return [...hosts.slice(first), ...hosts.slice(0, first)];
}
