/**
 * Whether a server `npm start` supervises is ready for readers. The site is ready once it answers at
 * all. A search replica is ready once `/health` answers 200 with `threads: "ready"` (its search
 * threads have started): a replica that sheds load while it starts answers 503 with an Algolia-style
 * error body, which has no `threads` field, and that is not ready.
 * @param {string} url the site's root, or a replica's `/health`
 * @param {number} [timeoutMs]
 * @returns {Promise<boolean>}
 */
export async function answers(url, timeoutMs = 1000) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!url.endsWith('/health')) return true;
    if (!res.ok) return false;
    const health = await res.json();
    return health?.threads === 'ready';
  } catch {
    return false;
  }
}
