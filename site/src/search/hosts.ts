/** A search host in the form the algoliasearch v5 client takes. */
export interface ClientHost {
  url: string;
  port?: number;
  protocol: 'http' | 'https';
  accept: 'read';
}

/**
 * Turns the configured host URLs (`http://127.0.0.1:7700`) into the client's host list, in order: the
 * client tries them one after the other and, with `createHostsCache`, skips a host that failed for two
 * minutes.
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

/** The part of algoliasearch's `Cache` that its transporter uses for host states. */
export interface HostsCache {
  get<T>(key: unknown, defaultValue: () => Promise<T>, events?: { miss?: (value: T) => Promise<unknown> }): Promise<T>;
  set<T>(key: unknown, value: T): Promise<T>;
  delete(key: unknown): Promise<void>;
  clear(): Promise<void>;
}

/** A host's identity, whatever state fields the client has added to the object. */
function hostKey(key: unknown): string {
  if (typeof key !== 'object' || key === null) return String(key);
  const { protocol, url, port, accept } = key as Partial<ClientHost>;
  return `${protocol}://${url}:${port ?? ''} ${accept}`;
}

/**
 * Where the client keeps which host is down, for this visit. algoliasearch 5's own caches key a host
 * by its whole object, and the transporter writes the state under the host *with* its state fields
 * (`status`, `lastUpdate`) but reads it under the host without them, so a failed host is never found
 * again: every request tried the dead replica first and waited for it to fail (up to the 1 s connect
 * timeout when it does not answer at all). This cache keys a host by protocol, name, port and access,
 * and keeps the state object as it is, with the `isUp`/`isTimedOut` methods the transporter calls.
 */
export function createHostsCache(): HostsCache {
  const states = new Map<string, unknown>();
  return {
    async get<T>(key: unknown, defaultValue: () => Promise<T>, events?: { miss?: (value: T) => Promise<unknown> }) {
      const k = hostKey(key);
      if (states.has(k)) return states.get(k) as T;
      const value = await defaultValue();
      await events?.miss?.(value);
      return value;
    },
    async set<T>(key: unknown, value: T) {
      states.set(hostKey(key), value);
      return value;
    },
    async delete(key: unknown) {
      states.delete(hostKey(key));
    },
    async clear() {
      states.clear();
    },
  };
}
