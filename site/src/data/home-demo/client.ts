// The client half of the landing page's demo. Lines above the cut set the scene and are not shown; the
// markers below the call are answered by the compiler when the site builds.
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from './server';

const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc' })] });
// ---cut---
const book = await trpc.bookById.query({ id: 'middlemarch' });
//                      ^|
//    ^?
