// How `npm start` keeps the browser's search hosts and the replicas it runs in step. The build bakes
// the hosts into the site (SEARCH_HOSTS: the client's host list and the CSP's connect-src), so
// replicas on other ports than the build's would leave search failing on every keystroke.
import fs from 'node:fs';
import path from 'node:path';

/** The replicas' ports when SEARCH_PORTS is not set, matching the build's default SEARCH_HOSTS. */
export const DEFAULT_SEARCH_PORTS = [7700, 7701];

/**
 * SEARCH_HOSTS for the build when `npm start` runs replicas on other ports than the default and no
 * SEARCH_HOSTS is given; undefined when nothing needs to change (so the build stays fresh).
 * @param {Record<string, string | undefined>} env
 * @param {number[]} ports
 */
export function searchHostsForPorts(env, ports) {
  if (env.SEARCH_HOSTS !== undefined) return undefined;
  if (ports.length === DEFAULT_SEARCH_PORTS.length && ports.every((p, i) => p === DEFAULT_SEARCH_PORTS[i])) return undefined;
  return ports.map((p) => `http://127.0.0.1:${p}`).join(',');
}

/**
 * The search origins a build lets the browser reach (its CSP's connect-src, written by the build),
 * or null when the build has no record of them.
 * @param {string} buildDir
 * @returns {string[] | null}
 */
export function buildSearchOrigins(buildDir) {
  try {
    const policy = JSON.parse(fs.readFileSync(path.join(buildDir, '.security-headers.json'), 'utf8'));
    const connect = policy?.directives?.['connect-src'];
    return Array.isArray(connect) ? connect.filter((s) => /^https?:\/\//.test(s)) : null;
  } catch {
    return null;
  }
}

/**
 * A warning when none of the replicas is among the origins the build sends searches to, else null.
 * @param {string[] | null} origins
 * @param {number[]} ports
 */
export function wiringWarning(origins, ports) {
  if (!origins) return null;
  const local = new Set(ports.flatMap((p) => [`http://127.0.0.1:${p}`, `http://localhost:${p}`]));
  if (origins.some((o) => local.has(o))) return null;
  return (
    `The build sends searches to ${origins.join(', ') || 'no search host'}, not to the replicas started here ` +
    `(ports ${ports.join(', ')}). Search in the browser will use those hosts; to use these replicas, ` +
    'unset SEARCH_HOSTS (npm start then builds for SEARCH_PORTS) or rebuild without --no-build.'
  );
}
