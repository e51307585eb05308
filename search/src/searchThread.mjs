// Entry of a search thread (heavy.ts, readers.ts). Plain JavaScript, because a worker thread does not
// inherit the TypeScript loader the process was started with (Node 20); it loads the thread's
// TypeScript through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./searchThread.ts', import.meta.url);
