// The landing page's code demo (src/components/Home/TypedCall): a small router whose client completions
// and result type the build computes with the TypeScript compiler (config/codeTypes.ts).
import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';

const t = initTRPC.create();

const books = [{ id: 'middlemarch', title: 'Middlemarch', author: 'George Eliot' }];

export const appRouter = t.router({
  bookById: t.procedure.input(z.object({ id: z.string() })).query(({ input }) => {
    const book = books.find((b) => b.id === input.id);
    if (!book) throw new TRPCError({ code: 'NOT_FOUND', message: `No book ${input.id}` });
    return book;
  }),
  bookList: t.procedure.query(() => books),
  addBook: t.procedure
    .input(z.object({ title: z.string(), author: z.string() }))
    .mutation(({ input }) => ({ id: input.title.toLowerCase(), ...input })),
});

export type AppRouter = typeof appRouter;
