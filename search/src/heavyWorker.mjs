// Entry of a heavy-work thread (heavy.ts). Plain JavaScript, because a worker thread does not
// inherit the TypeScript loader the process was started with (Node 20); it loads the thread's
// TypeScript through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./heavyThread.ts', import.meta.url);
