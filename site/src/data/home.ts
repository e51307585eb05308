/**
 * Copy and data for the landing page. Components under src/components/Home render these values and
 * hold no prose of their own. Every claim here is checkable against the published packages.
 */

export interface Action {
  label: string;
  /** A site path (`/docs/…`) or a full URL. */
  to: string;
}

export const meta = {
  description:
    'tRPC lets you build fast, typesafe APIs in TypeScript: define procedures on the server and call them from a client that infers every type, with no schema and no code generation.',
};

export const hero = {
  title: 'Fast, typesafe APIs without the glue code',
  subtitle:
    'Write procedures on the server in TypeScript and call them from the client with every input and output type inferred. No schema file, no code generation, nothing to keep in sync.',
  primary: { label: 'Quickstart', to: '/docs/quickstart' } satisfies Action,
  secondary: { label: 'tRPC on GitHub', to: 'https://github.com/trpc/trpc' } satisfies Action,
  install: 'npm install @trpc/server @trpc/client',
  /** Completes the copy button's accessible name: "Copy the install command". */
  installSubject: 'the install command',
  /**
   * The illustration's caption. Its code, completion list and type come from the compiler at build
   * time: src/data/home-demo/ (see config/codeTypes.ts).
   */
  illustration: {
    caption: 'On the client, the result type of a call comes straight from the server’s router.',
  },
};

export interface Feature {
  title: string;
  body: string;
  /** The API name the feature is about, shown in code font. */
  api: string;
}

export const features = {
  title: 'What you get',
  intro: 'tRPC is a small set of packages. Here is what they do for you, and nothing more.',
  items: [
    {
      title: 'Types from server to client',
      body: 'The client infers each procedure’s input and output from the type of your router. Change a procedure and the compiler shows every call that no longer fits.',
      api: 'type AppRouter = typeof appRouter',
    },
    {
      title: 'No schema, no code generation',
      body: 'Your router is the contract. There is no interface file to write and no generator to run; inputs are checked at runtime by the validator you pick, such as zod, valibot or another Standard Schema library.',
      api: '.input(z.object({ id: z.string() }))',
    },
    {
      title: 'Nothing else to install',
      body: 'Neither package has runtime dependencies of its own; the client only needs @trpc/server beside it, and the types need TypeScript 5.7.2 or later. The client imports your router as a type, so none of your server code reaches the browser.',
      api: 'createTRPCClient<AppRouter>({ links })',
    },
    {
      title: 'Adapters for your server',
      body: 'Serve the same router from plain Node.js, Express, Fastify, Next.js, AWS Lambda, or any runtime built on the Fetch API.',
      api: 'createHTTPServer({ router })',
    },
    {
      title: 'Batching and links',
      body: 'Queries made at the same moment travel in one HTTP request, mutations in another. Links form the client’s request pipeline, so you can log, retry or route calls to different transports.',
      api: 'httpBatchLink · splitLink · retryLink',
    },
    {
      title: 'Subscriptions',
      body: 'Stream updates from an async generator on the server, over server-sent events or WebSockets, and consume them with the same typed client.',
      api: 'httpSubscriptionLink · wsLink',
    },
  ] satisfies Feature[],
};

export interface Step {
  title: string;
  /** The doc page that holds the step's text and code. */
  doc: string;
}

export const intro = {
  title: 'From procedure to typed call in three steps',
  lead: 'A tiny bookshop API, end to end. Each step is also a page in the docs.',
  steps: [
    { title: 'Define a procedure', doc: '/docs/landing-intro/Step1' },
    { title: 'Serve it with an adapter', doc: '/docs/landing-intro/Step2' },
    { title: 'Call it from a typed client', doc: '/docs/landing-intro/Step3' },
  ] satisfies Step[],
  docLinkLabel: (step: number) => `Read step ${step} in the docs`,
};

export const callToAction = {
  title: 'Build your next API with tRPC',
  body: 'The quickstart takes you from an empty folder to a typed client call. tRPC is MIT licensed and free to use in any project.',
  primary: { label: 'Start the quickstart', to: '/docs/quickstart' } satisfies Action,
  secondary: { label: 'Read the introduction', to: '/docs/' } satisfies Action,
};
