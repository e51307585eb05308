#!/usr/bin/env node
// Serves the production build: node scripts/serve.mjs [--port 3000] [--host 127.0.0.1] [--root site/build]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticServer } from './lib/static-server.mjs';

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
let server;
try {
  server = createStaticServer({ root });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
server.listen(port, host, () => console.log(`site: http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
