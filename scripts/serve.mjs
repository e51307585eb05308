#!/usr/bin/env node
// Serves the production build: node scripts/serve.mjs [--port 3000] [--host 127.0.0.1] [--root site/build]
// Limits come from SITE_* variables and TRUST_PROXY (see README "Serving"); port 0 picks a free port.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSiteServer, limitsFromEnv, trustProxyFromEnv } from './lib/static-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const root = path.resolve(
  arg('root', process.env.SITE_BUILD_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'site', 'build')),
);
const port = Number(arg('port', process.env.PORT ?? '3000'));
const host = arg('host', process.env.HOST ?? '127.0.0.1');
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port "${arg('port', process.env.PORT)}": use a number from 0 to 65535.`);
  process.exit(2);
}

let app;
try {
  app = createSiteServer({ root, limits: limitsFromEnv(process.env), trustProxy: trustProxyFromEnv(process.env.TRUST_PROXY) });
  await app.listen({ port, host });
} catch (error) {
  console.error(port && error.code === 'EADDRINUSE' ? `Cannot serve the site: port ${port} is in use.` : error.message);
  process.exit(1);
}
const address = app.server.address();
console.log(`site: http://${host === '0.0.0.0' ? 'localhost' : host}:${address.port}/`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(0), 3000).unref();
  app.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
