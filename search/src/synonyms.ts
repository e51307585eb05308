/**
 * Synonyms in the shape of Algolia's synonyms API (`type: 'synonym'`, every word finds the others;
 * `type: 'oneWaySynonym'`, the input finds the synonyms, not the reverse). A synonym matches like
 * the word as typed (Algolia's default `alternativesAsExact` counts single-word synonyms as exact),
 * so a query word with no page using it still finds the pages using the docs' own term.
 * Only single words are supported: a multi-word entry is rejected when the engine starts.
 *
 * The vocabulary comes from two places, never from a bench query list: the docs' own names for a
 * thing next to the word most developers type for it (the docs say "abort" and `AbortController`;
 * readers say "cancel"), and the abbreviations of the API's own identifiers (`ctx`, `wsLink`).
 */

export type Synonym =
  | { objectID: string; type: 'synonym'; synonyms: string[] }
  | { objectID: string; type: 'oneWaySynonym'; input: string; synonyms: string[] };

export const SYNONYMS: readonly Synonym[] = [
  // The docs' term is "abort" (AbortController, abortOnUnmount); "cancel" is the everyday word.
  { objectID: 'cancel-abort', type: 'synonym', synonyms: ['cancel', 'abort'] },
  // "auth" is how developers shorten both authentication and authorization (docs: "Authorization").
  { objectID: 'auth', type: 'oneWaySynonym', input: 'auth', synonyms: ['authentication', 'authorization', 'authenticate', 'authorize'] },
  // API names abbreviate WebSocket as ws (wsLink, createWSClient, applyWSSHandler).
  { objectID: 'ws-websocket', type: 'synonym', synonyms: ['ws', 'websocket'] },
  // httpSubscriptionLink is built on the browser's EventSource, the API behind server-sent events.
  { objectID: 'sse-eventsource', type: 'synonym', synonyms: ['sse', 'eventsource'] },
  // Code says ctx (opts.ctx), prose says context.
  { objectID: 'ctx-context', type: 'synonym', synonyms: ['ctx', 'context'] },
  // Code says req/res (CreateHTTPContextOptions), prose says request/response.
  { objectID: 'req-request', type: 'synonym', synonyms: ['req', 'request'] },
  { objectID: 'res-response', type: 'synonym', synonyms: ['res', 'response'] },
  // Other languages and frameworks say exception; tRPC throws errors (TRPCError).
  { objectID: 'exception-error', type: 'oneWaySynonym', input: 'exception', synonyms: ['error'] },
  // An upload is sent as a file in FormData (the docs' non-JSON content types).
  { objectID: 'upload', type: 'oneWaySynonym', input: 'upload', synonyms: ['file', 'formdata'] },
  // Logging wording: the docs' link is loggerLink.
  { objectID: 'log', type: 'synonym', synonyms: ['log', 'logging', 'logger'] },
  // The docs' guides say "migrate" (Migrate from v10 to v11); readers say "upgrade".
  { objectID: 'upgrade-migrate', type: 'synonym', synonyms: ['upgrade', 'migrate'] },
  // Common abbreviations of the language and configuration words the docs spell out.
  { objectID: 'ts', type: 'synonym', synonyms: ['ts', 'typescript'] },
  { objectID: 'js', type: 'synonym', synonyms: ['js', 'javascript'] },
  { objectID: 'config', type: 'synonym', synonyms: ['config', 'configuration', 'configure'] },
  { objectID: 'env', type: 'synonym', synonyms: ['env', 'environment'] },
  { objectID: 'db', type: 'synonym', synonyms: ['db', 'database'] },
  // The rendering and transport abbreviations of the web platform, as the joined words of the
  // headings that spell them out ("Server-side rendering" is also indexed as serversiderendering).
  { objectID: 'ssr', type: 'oneWaySynonym', input: 'ssr', synonyms: ['serversiderendering'] },
  { objectID: 'ssg', type: 'oneWaySynonym', input: 'ssg', synonyms: ['staticsitegeneration'] },
  { objectID: 'rsc', type: 'oneWaySynonym', input: 'rsc', synonyms: ['reactservercomponents'] },
  { objectID: 'sse', type: 'oneWaySynonym', input: 'sse', synonyms: ['serversentevents'] },
  // REST and other RPC frameworks say endpoint, route or handler for what tRPC calls a procedure.
  { objectID: 'endpoint', type: 'oneWaySynonym', input: 'endpoint', synonyms: ['procedure'] },
  // Other frameworks (Express, NestJS, axios) say interceptor where tRPC has middlewares and links.
  { objectID: 'interceptor', type: 'oneWaySynonym', input: 'interceptor', synonyms: ['middleware', 'link'] },
];

const ONE_WORD = /^[\p{L}\p{N}]+$/u;

/** Query word → the words it also finds (lower case). Throws on an entry that is not single words. */
export function synonymMap(list: readonly Synonym[]): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    if (from === to) return;
    let set = out.get(from);
    if (!set) out.set(from, (set = new Set()));
    set.add(to);
  };
  for (const s of list) {
    const words = (s.type === 'synonym' ? s.synonyms : [s.input, ...s.synonyms]).map((w) => w.toLowerCase());
    const bad = words.find((w) => !ONE_WORD.test(w));
    if (bad !== undefined) throw new Error(`synonym ${s.objectID}: "${bad}" is not a single word (only one-word synonyms are supported)`);
    if (s.type === 'synonym') for (const a of words) for (const b of words) add(a, b);
    else for (const b of words.slice(1)) add(words[0]!, b);
  }
  return new Map([...out].map(([k, v]) => [k, [...v]]));
}

export const SYNONYM_MAP: ReadonlyMap<string, string[]> = synonymMap(SYNONYMS);
