// What each import path of the published packages is for, in our words: the API reference's package
// pages (docs/typedoc/<package>/index) are written from this by ./typedocOverviewPlugin.mjs.
// A module the packages add later and this file does not describe is still listed, with its name.

/** @type {Record<string, { intro: string, modules: Record<string, string> }>} */
export const API_MODULES = {
  server: {
    intro: 'Everything that runs on your server: building routers and procedures, errors, and the adapters that serve a router over HTTP or WebSockets.',
    modules: {
      index: 'The core: `initTRPC` to start, the router and procedure builders, middleware, `TRPCError`, and the `infer…` helper types.',
      'adapters/standalone': 'Serve a router from Node.js `http` or `http2` with no framework (`createHTTPServer`).',
      'adapters/express': 'Mount a router as Express middleware (`createExpressMiddleware`).',
      'adapters/fastify': 'Register a router as a Fastify plugin (`fastifyTRPCPlugin`).',
      'adapters/fetch': 'Answer Fetch API `Request`s: Cloudflare Workers, Deno, Bun, and other runtimes with standard requests (`fetchRequestHandler`).',
      'adapters/next': 'Serve a router from a Next.js API route of the pages router (`createNextApiHandler`).',
      'adapters/next-app-dir': 'Helpers for Next.js server actions and the app router: `notFound`/`redirect` from procedures, and a caller for server components.',
      'adapters/aws-lambda': 'Answer API Gateway and Lambda function URL events (`awsLambdaRequestHandler`).',
      'adapters/node-http': 'The Node.js request handling the other Node adapters are built on, for writing an adapter of your own.',
      'adapters/ws': 'Serve queries, mutations and subscriptions over a WebSocket server (`applyWSSHandler`).',
      http: 'Turning requests into calls and results into responses: `resolveResponse`, status codes for errors, and the handler option types.',
      observable: 'The small observable type that subscriptions and links use, with operators such as `map` and `share`.',
      rpc: 'The shapes of the JSON messages on the wire (requests, results, errors, subscription notifications) and the error codes.',
      shared: 'Type helpers shared with the client packages, such as `inferProcedureInput` and `inferProcedureOutput`.',
    },
  },
  client: {
    intro: 'The client that calls a router from any JavaScript environment, and the links that decide how each call travels.',
    modules: {
      index: 'The client (`createTRPCClient`), `TRPCClientError`, and every link, re-exported in one place.',
      'links/httpLink': 'One HTTP request per call.',
      'links/httpBatchLink': 'Calls made in the same tick go out as one HTTP request.',
      'links/loggerLink': 'Logs each call and its result, for development.',
      'links/splitLink': 'Sends each call down one of two link chains, chosen by a function of the call.',
      'links/wsLink/wsLink': 'Calls and subscriptions over one WebSocket connection, with `createWSClient`.',
    },
  },
  'react-query': {
    intro: 'React hooks for your router on top of TanStack React Query, and helpers for server rendering.',
    modules: {
      index: '`createTRPCReact`: typed hooks (`useQuery`, `useMutation`, …), the provider, and the utilities for the query cache.',
      server: '`createServerSideHelpers`: call procedures on the server and send the results to the page as dehydrated cache.',
      rsc: 'React Server Components: `createHydrationHelpers` to prefetch in a server component and hydrate the client cache.',
      shared: 'The option and result types the hooks share, for writing your own wrappers.',
    },
  },
  next: {
    intro: 'Next.js integration for the pages router, and experimental helpers for the app router.',
    modules: {
      index: '`createTRPCNext` and `withTRPC`: hooks for a Next.js app of the pages router, with optional server-side rendering.',
      ssrPrepass: 'A prepass that runs the queries of a page on the server before it renders, for `ssr: true`.',
      'app-dir/client': 'Experimental: a client and action hooks for calling server actions from client components.',
      'app-dir/server': 'Experimental: a server-side caller and server action handlers for the app router.',
      'app-dir/links/nextCache': 'Experimental: a link that calls procedures in-process and caches the results with Next.js\'s cache.',
      'app-dir/links/nextHttp': 'Experimental: an HTTP link that passes Next.js cache and revalidation options with each call.',
    },
  },
};
