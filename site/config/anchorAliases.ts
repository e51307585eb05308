/**
 * Per docs file (relative to `site/`): the anchor a link from outside expects → the id of the heading
 * on this page that covers the same thing (config/remarkAnchorAliases.ts). The links are those of the
 * `@trpc/*` packages' JSDoc (`@see https://trpc.io/docs/…#anchor`, as an editor shows them), for
 * the installed packages and the newest on the registry (e2e/fixtures/package-doc-links.json); an
 * anchor whose subject no section of the page covers is left out, and its link lands at the top of
 * the page.
 */
export const ANCHOR_ALIASES: Record<string, Record<string, string>> = {
  'docs/client/links/httpBatchLink.md': {
    'disabling-request-batching': 'how-batching-works', // the server's `allowBatching`
    'limiting-batch-size': 'how-batching-works', // the server's `maxBatchSize` and the link's `maxItems`
    'setting-a-maximum-url-length': 'caveats', // the "Long URLs" caveat on `maxURLLength`
  },
  'docs/client/links/httpBatchStreamLink.md': {
    'configure-jsonl-streaming-options': 'caveats', // `jsonl: { pingMs }` in "Keeping idle streams alive"
  },
  'docs/client/links/httpLink.md': {
    'httplink-options': 'options',
  },
  'docs/client/links/httpSubscriptionLink.md': {
    'compatibility-react-native': 'options', // the `EventSource` ponyfill row
    'custom-headers-through-ponyfill': 'authentication', // "A ponyfill that sends headers"
    'headers-and-authorization--authentication': 'authentication',
    'httpsubscriptionlink-options': 'options',
    'server-ping': 'reconnecting-and-resuming', // the `sse.ping` option of `initTRPC.create()`
    'setup': 'minimal-example',
    'sse-options-on-the-server': 'reconnecting-and-resuming', // the `sse` option of `initTRPC.create()`
  },
  'docs/client/links/introduction.md': {
    'creating-a-custom-link': 'write-your-own-link',
    'managing-context': 'use-context-to-talk-to-your-links',
    'the-terminating-link': 'terminating-and-non-terminating-links',
  },
  'docs/client/links/localLink.md': {
    'createcontext': 'options',
    'onerror': 'options',
    'router': 'options',
  },
  'docs/client/links/loggerLink.md': {
    'loggerlink-options': 'options',
  },
  'docs/client/links/splitLink.md': {
    'disable-batching-for-certain-requests': 'fuller-example', // calls marked `skipBatch` go over `httpLink`
  },
  'docs/client/links/wsLink.md': {
    'wslink--createwsclient-options': 'options',
  },
  'docs/client/nextjs/app-router.md': { // links to /docs/client/nextjs/server-actions
    '1-define-a-base-procedure-with-experimental_caller': 'procedures-as-server-actions-experimental_nextappdircaller-experimental',
    'adding-observability-with-metadata': 'procedures-as-server-actions-experimental_nextappdircaller-experimental', // `pathExtractor`
  },
  'docs/client/nextjs/ssr.md': {
    'set-the-status-and-cache-headers': 'status-codes-and-caching-headers', // links to /docs/client/nextjs/pages-router/ssr
  },
  'docs/client/react/getQueryKey.md': {
    'mutations': 'parameters', // `getMutationKey`
  },
  'docs/client/react/suspense.md': {
    'useinfinitesuspensequery': 'usesuspenseinfinitequery',
  },
  'docs/client/tanstack-react-query/server-components.md': {
    '3-create-a-query-client-factory': '2-a-queryclient-factory-for-both-sides',
    '5-create-a-trpc-caller-for-server-components': '4-the-server-side-one-proxy-per-request', // `createTRPCOptionsProxy`
  },
  'docs/client/tanstack-react-query/setup.md': {
    '3a-set-up-the-trpc-context-provider': '3-create-the-trpc-context',
    '3a-setup-the-trpc-context-provider': '3-create-the-trpc-context',
    '3b-setup-without-react-context': 'without-react-context',
    '3c-set-up-without-react-context': 'without-react-context',
  },
  'docs/client/tanstack-react-query/usage.md': {
    'infiniteQueryOptions': 'infinite-queries-infinitequeryoptions',
    'mutationKey': 'query-keys-and-filters',
    'mutationOptions': 'mutations-mutationoptions',
    'queryFilter': 'query-keys-and-filters',
    'queryKey': 'query-keys-and-filters',
    'queryOptions': 'queries-queryoptions',
    'subscriptionOptions': 'subscriptions-subscriptionoptions',
  },
  'docs/client/vanilla/infer-types.md': {
    'infer-trpcclienterror-types': 'typing-errors',
    'inferring-individual-procedure-types': 'outputs-are-what-the-client-receives', // `inferProcedure*`
    'inferring-input--output-types': 'a-complete-example', // `inferRouter*`
  },
  'docs/client/vanilla/setup.md': {
    '3-initialize-the-trpc-client': '3-create-the-client',
    '5-use-subscriptions': '5-subscribe-optional',
  },
  'docs/concepts.md': {
    'vocabulary': 'procedures', // linked from `.query()` and `.mutation()`
  },
  'docs/further/rpc.md': {
    'error-codes---http-status': 'error-codes-and-http-statuses',
    'error-codes---json-rpc-20-error-codes': 'error-codes-and-http-statuses',
    'error-response': 'the-response-envelope',
    'http-response-specification': 'the-response-envelope',
    'overriding-the-default-http-method': 'method-override',
    'path-separator': 'overview', // the `pathSeparator` paragraph
    'successful-response': 'the-response-envelope',
  },
  'docs/quickstart.md': {
    'serving-the-api': '6-serve-it-over-http',
    'using-your-new-backend-on-the-client': '7-call-it-from-a-typed-client',
  },
  'docs/server/adapters/aws-lambda.md': {
    '2-create-a-trpc-router': 'a-fuller-example', // its router and `createContext`
    '3-use-the-amazon-api-gateway-adapter': 'reference', // `awsLambdaRequestHandler`
    'aws-lambda-response-streaming-adapter': 'response-streaming',
  },
  'docs/server/adapters/express.md': {
    '2-create-a-trpc-router': 'a-fuller-example', // its router and `createContext`
    '3-use-the-express-adapter': 'reference', // `createExpressMiddleware`
    'body-parsers': 'caveats', // "Body parsers run first if you mount them first"
  },
  'docs/server/adapters/fastify.md': {
    'create-fastify-server': 'reference', // registering `fastifyTRPCPlugin`
    'create-the-context': 'trpcoptions', // the `createContext` row
    'enable-websockets': 'plugin-options', // `useWSS`
    'fastify-plugin-options': 'plugin-options',
  },
  'docs/server/adapters/fetch.md': {
    'create-the-context': 'options', // the `createContext` row
    'how-to-use-trpc-server-with-an-edge-runtime': 'a-fuller-example-cloudflare-workers',
  },
  'docs/server/adapters/introduction.md': {
    'common-options': 'options-every-http-adapter-shares',
    'request-body-size': 'options-every-http-adapter-shares', // the `maxBodySize` row
  },
  'docs/server/adapters/nextjs.md': {
    'nextjs-example': 'pages-router-createnextapihandler', // `createNextApiHandler`
  },
  'docs/server/adapters/standalone.md': {
    '2-use-the-standalone-adapter': 'reference', // `createHTTPServer`
    'adding-a-handler-to-a-custom-http-server': 'reference', // `createHTTPHandler`
    'custom-basePath': 'options', // the `basePath` row
    'handling-cors--options': 'caveats', // "No CORS by default": the `middleware` option
  },
  'docs/server/authorization.md': {
    'option-2-authorize-using-middleware': 'authorization-in-middlewares',
  },
  'docs/server/caching.md': {
    'using-responsemeta-to-cache-responses': 'responsemeta',
  },
  'docs/server/context.md': {
    'creating-the-context': 'createcontext-options-per-adapter', // the `info` table
    'defining-the-context-type': 'a-complete-example', // `initTRPC.context<Context>()`
  },
  'docs/server/data-transformers.md': {
    'datatransformer-interface': 'write-your-own-transformer',
    'different-transformers-for-upload-and-download': 'different-transformers-per-direction',
  },
  'docs/server/error-formatting.md': {
    'all-properties-sent-to-errorformatter': 'the-formatters-options',
    'hiding-internal-error-messages': 'hide-internal-messages-in-production',
    'per-procedure-error-formatting': 'where-the-formatter-applies', // `.errors()`
  },
  'docs/server/error-handling.md': { // also /docs/client/vanilla/error-handling
    'catching-a-thrown-error': 'what-the-client-receives', // `isTRPCClientError`
    'errors-as-values-with-safe': 'what-the-client-receives', // `safe()`
    'handling-errors': 'reporting-errors-with-onerror',
  },
  'docs/server/merging-routers.md': {
    'lazy-load': 'load-sub-routers-lazily',
    'merging-with-child-routers': 'nest-sub-routers',
    'merging-with-tmergerouters': 'merge-routers-into-one-flat-router',
  },
  'docs/server/metadata.md': {
    'default-meta-chaining-and-shallow-merging': 'defaultmeta',
  },
  'docs/server/middlewares.md': {
    'concat': 'concat-middlewares-that-live-outside-your-app',
    'experimental-standalone-middlewares': 'concat-middlewares-that-live-outside-your-app',
    'extending-middlewares': 'tmiddleware', // `.unstable_pipe()`
    'logging': 'a-complete-example', // a logging and timing middleware
  },
  'docs/server/non-json-content-types.md': {
    'client-setup': 'a-complete-example', // the `splitLink` on `isNonJsonSerializable`
    'file-and-other-binary-type-inputs': 'binary-streams', // `octetInputParser`
    'server-setup': 'a-complete-example',
  },
  'docs/server/procedures.md': {
    'inferProcedureBuilderResolverOptions': 'typing-helper-functions',
    'writing-procedures': 'a-first-set-of-procedures',
  },
  'docs/server/routers.md': {
    'defining-a-router': 'write-a-router',
    'initialize-trpc': 'initialise-trpc',
    'inline-sub-router': 'nest-routers',
    'runtime-configuration': 'initialise-trpc', // the options of `.create()`
  },
  'docs/server/server-side-calls.md': {
    'create-caller': 'createcallerfactory',
  },
  'docs/server/subscriptions.md': {
    'tracked': 'resume-after-a-reconnect-with-tracked',
  },
  'docs/server/validators.md': {
    'contributing-your-own-validator-library': 'write-a-validator-function',
    'input-validators': 'validate-input-with-zod',
    'output-validators': 'output-validation',
  },
  'docs/server/websockets.md': {
    'connection-params': 'authenticate-with-connectionparams',
    'connectionParams': 'authenticate-with-connectionparams',
    'creating-a-websocket-server': 'applywsshandler-options',
    'notifications-from-server-to-client': 'return-value', // `broadcastReconnectNotification()`
    'response': 'responses',
    'subscription-response-shape': 'subscriptions-and-subscriptionstop',
    'to-cancel-a-subscription-call-subscriptionstop': 'subscriptions-and-subscriptionstop',
    'websockets-rpc-specification': 'the-message-format',
  },
  'versioned_docs/version-10.x/client/react/useUtils.md': { // links to /docs/v10/useContext
    'query-invalidation': 'helpers-on-a-query-procedure', // router-level `invalidate()`
  },
};

/**
 * Anchors of package links whose subject no page of this site covers (the link lands at the top of
 * its page), with the reason. e2e/tests/package-links.spec.ts checks that every other anchor of a
 * package link exists on the page it lands on, and that these still do not.
 */
export const UNCOVERED: Record<string, string> = {
  '/docs/faq#unstable': 'the FAQ here has no question about unstable_ APIs',
  '/docs/server/routers#advanced-usage': 'a catch-all heading upstream; no one section here matches',
  '/docs/server/subscriptions#output-validation': 'the subscriptions page does not cover validating what a subscription yields',
  '/docs/server/validators#library-integrations': "the page's lead names the supported libraries, and the link lands there anyway",
};
