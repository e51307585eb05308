// A content hash of everything the production build depends on, so `npm start` rebuilds exactly when
// something changed and never serves a stale site or a stale search index.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SITE_INPUTS = ['docs', 'versioned_docs', 'versioned_sidebars', 'blog', 'src', 'static', 'config'];
const SITE_FILES = ['docusaurus.config.ts', 'sidebars.ts', 'versions.json', 'package.json'];
const ENV_INPUTS = ['SITE_URL', 'SEARCH_HOSTS', 'SEARCH_APP_ID', 'SEARCH_API_KEY', 'SEARCH_INDEX', 'GA_TRACKING_ID', 'SOCIAL_WIDGET_SRC', 'TYPEDOC'];

function listFiles(dir, out) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Generated output is not an input.
      if (entry.name === 'node_modules' || entry.name === '__tests__' || full.endsWith(`${path.sep}docs${path.sep}typedoc`)) continue;
      listFiles(full, out);
    } else out.push(full);
  }
}

/** @param {string} root repository root @param {Record<string, string | undefined>} env */
export function sourceHash(root, env = process.env) {
  const site = path.join(root, 'site');
  const files = [];
  SITE_INPUTS.forEach((d) => listFiles(path.join(site, d), files));
  SITE_FILES.forEach((f) => files.push(path.join(site, f)));
  listFiles(path.join(root, 'search', 'src'), files);
  // The code samples' types are computed with the checker's modules (site/config/codeTypes.ts).
  listFiles(path.join(root, 'scripts', 'samples'), files);
  files.push(path.join(root, 'package-lock.json'));
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  for (const name of ENV_INPUTS) hash.update(`${name}=${env[name] ?? ''}\0`);
  return hash.digest('hex');
}
