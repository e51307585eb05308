// `npm start` prints its banner once every server is ready. A search replica is ready when its
// /health says its threads have started: not when it answers at all, and not when it sheds load.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '../lib/answers.mjs';

let server;
let base = '';
const replies = {
  '/shedding/health': [503, '{"message":"Server under pressure: try again later","status":503}'],
  '/starting/health': [200, '{"message":"server is alive","status":"ok","threads":"starting"}'],
  '/ready/health': [200, '{"message":"server is alive","status":"ok","threads":"ready"}'],
  '/garbled/health': [200, 'not json'],
  '/null/health': [200, 'null'],
  '/': [200, '<!doctype html><title>site</title>'],
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/slow/health') return; // never answers
    const [status, body] = replies[req.url] ?? [404, ''];
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('answers: is a supervised server ready', () => {
  it('counts a replica ready only when its threads are', async () => {
    expect(await answers(`${base}/ready/health`)).toBe(true);
    expect(await answers(`${base}/starting/health`)).toBe(false);
  });

  it('does not count a replica that sheds load (503, an error body without threads) as ready', async () => {
    // Before session 17 this was true: the missing field passed for "ready", and the banner came early.
    expect(await answers(`${base}/shedding/health`)).toBe(false);
  });

  it('is false, not a crash, for a body that is not the health object, a server that never answers, or none', async () => {
    expect(await answers(`${base}/garbled/health`)).toBe(false);
    expect(await answers(`${base}/null/health`)).toBe(false);
    expect(await answers(`${base}/slow/health`, 200)).toBe(false);
    expect(await answers('http://127.0.0.1:1/health', 200)).toBe(false);
  });

  it('counts the site ready once it answers', async () => {
    expect(await answers(`${base}/`)).toBe(true);
  });
});
