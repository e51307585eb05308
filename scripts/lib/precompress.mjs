// Writes `file.br` (brotli, quality 10) and `file.gz` (gzip -9) next to every compressible file of a
// build, once, when the site builds. The server sends them as they are (@fastify/static
// `preCompressed`), so no response is compressed at request time.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the site serves: pages, scripts, styles, feeds, and the Markdown copies of pages (`/docs/x.md`). */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|xsl|txt|md|webmanifest|map|ico)$/;
/**
 * Quality 10, not 11: on the site's 552 files (26.1 MB) quality 11 took 32.7 s CPU for 4.28 MB and
 * quality 10 11.0 s for 4.38 MB (2.4 % more: main.js 118.8 → 120.9 kB, the quickstart's HTML
 * 15.6 → 15.9 kB). That is about a seventh of a cold build's CPU for 2.4 kB more on a first visit.
 * Quality 9 is 9 % larger.
 */
export const BROTLI_QUALITY = 10;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

function files(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files(full, out);
    else if (COMPRESSIBLE.test(entry.name)) out.push(full);
  }
  return out;
}

async function compressOne(file) {
  const data = await fs.promises.readFile(file);
  if (data.length < MIN_BYTES) return { raw: data.length, br: 0, gz: 0 };
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(data, { level: 9 }),
  ]);
  // Keep a copy only when it is smaller; the server falls back to the next encoding, then the file.
  if (br.length < data.length) await fs.promises.writeFile(`${file}.br`, br);
  if (gz.length < data.length) await fs.promises.writeFile(`${file}.gz`, gz);
  return { raw: data.length, br: br.length, gz: gz.length };
}

/**
 * @param {string} buildDir
 * @param {{ concurrency?: number }} [options]
 * @returns {Promise<{ files: number, raw: number, br: number }>}
 */
export async function precompress(buildDir, { concurrency = 4 } = {}) {
  const queue = files(buildDir);
  const total = { files: 0, raw: 0, br: 0 };
  async function worker() {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const r = await compressOne(file);
      if (r.br) {
        total.files += 1;
        total.raw += r.raw;
        total.br += r.br;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return total;
}
