#!/usr/bin/env node
// `npm run bench:pages`: Lighthouse 12 (mobile, its default simulated throttling) against the
// production build, and the JavaScript a first visit loads, checked against the budgets.
//
//   node scripts/bench-pages.mjs [--root site/build] [--port 0] [--runs 3] [--pages /,/docs/]
//                                [--run-timeout 120] [--max-minutes 20] [--no-fail] [--skip-lighthouse]
//                                [--skip-weight] [--sweep [--chunk K/N] [--once]]
//
// --sweep: performance over every 11.x docs page of the build (site/build/docs/**, without /docs/v10,
// /docs/v9 and the generated API reference), one run each and two more (median of 3) where a page is
// under 90, those in two later rounds so that a page's runs are minutes apart; reports min, median and
// the pages below 90, and the pages under 100 in accessibility, best practices or SEO. Heavy: rarely.
// --chunk K/N sweeps only the K-th of N equal parts of the page list (in order), so a sweep can run as
// several short measurements (each under /work/bin/quiet); each part prints one line per page.
// --once: one run per page even under 90 (a first pass when time is short; its report says so).
//
// Scores and metrics are the median of the runs (the machine is shared: performance swings by about
// 5 points between runs, almost all of it Total Blocking Time). Runs go round the pages in turns, so
// a noisy minute spreads over every page instead of sinking one.
//
// Exit code 1 when a median is under its threshold (performance < 90; accessibility, best practices,
// SEO < 100), when a page has no successful run, or when a page's JavaScript is over its budget.
// --no-fail only reports.
//
// JavaScript weight: see scripts/lib/js-weight.mjs (also checked by the e2e test budgets.spec.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling as LIGHTHOUSE_THROTTLING } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { BASELINE_JS_KB, JS_BUDGETS, jsWeight } from './lib/js-weight.mjs';
import { freePort } from './lib/free-port.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME_PATH = CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];
const DEFAULT_PAGES = ['/', '/pricing', '/media', '/blog/announcing-trpc-10', '/docs/'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Median score a page must reach, per category (0–100). */
const THRESHOLDS = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 };

// ---------------------------------------------------------------------------------------------
// Options

function parseArgs(argv) {
  const value = (name) => {
    const i = argv.indexOf(`--${name}`);
    if (i < 0) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) usage(`--${name} needs a value`);
    return v;
  };
  const number = (name, fallback, min) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) usage(`--${name} must be a number ≥ ${min}, got "${raw}"`);
    return n;
  };
  const known = new Set(['root', 'port', 'runs', 'pages', 'run-timeout', 'max-minutes', 'no-fail', 'skip-lighthouse', 'skip-weight', 'sweep', 'chunk', 'once', 'cpu-multiplier', 'help']);
  for (const a of argv) if (a.startsWith('--') && !known.has(a.slice(2))) usage(`unknown option ${a}`);
  if (argv.includes('--help')) usage();
  const chunkArg = value('chunk');
  const chunk = chunkArg === undefined ? null : chunkArg.match(/^(\d+)\/(\d+)$/)?.slice(1).map(Number);
  if (chunkArg !== undefined && (!chunk || chunk[0] < 1 || chunk[0] > chunk[1])) usage(`--chunk must be K/N with 1 ≤ K ≤ N, got "${chunkArg}"`);
  if (chunk && !argv.includes('--sweep')) usage('--chunk only goes with --sweep');
  const cpuArg = value('cpu-multiplier') ?? '4';
  if (cpuArg !== 'auto' && !(Number(cpuArg) >= 1 && Number(cpuArg) <= 20)) usage(`--cpu-multiplier must be auto or a number from 1 to 20, got "${cpuArg}"`);
  const pages = value('pages')?.split(',').map((p) => p.trim()).filter(Boolean) ?? DEFAULT_PAGES;
  for (const p of pages) if (!p.startsWith('/')) usage(`pages must start with "/", got "${p}"`);
  return {
    root: path.resolve(value('root') ?? process.env.SITE_BUILD_DIR ?? path.join(repo, 'site', 'build')),
    port: number('port', 0, 0),
    runs: Math.floor(number('runs', 3, 1)),
    pages,
    runTimeoutMs: number('run-timeout', 120, 10) * 1000,
    deadline: Date.now() + number('max-minutes', 20, 1) * 60_000,
    fail: !argv.includes('--no-fail'),
    lighthouse: !argv.includes('--skip-lighthouse'),
    weight: !argv.includes('--skip-weight'),
    sweep: argv.includes('--sweep'),
    chunk,
    once: argv.includes('--once'),
    cpuMultiplier: cpuArg === 'auto' ? 'auto' : Number(cpuArg),
  };
}

function usage(error) {
  if (error) console.error(`bench-pages: ${error}`);
  console.error(
    'usage: node scripts/bench-pages.mjs [--root DIR (or SITE_BUILD_DIR)] [--port N] [--runs 3] [--pages /,/docs/]\n' +
      '       [--run-timeout SECONDS] [--max-minutes 20] [--no-fail] [--skip-lighthouse] [--skip-weight] [--sweep [--chunk K/N] [--once]]\n' +
      '       [--cpu-multiplier 4|N|auto]',
  );
  process.exit(error ? 2 : 0);
}

// ---------------------------------------------------------------------------------------------
// Helpers

export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took over ${Math.round(ms / 1000)} s`)), ms);
    }),
  ]);
}

const table = (rows) => {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows
    .map((r, i) => {
      const line = r.map((cell, c) => (c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join('  ');
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
};

// ---------------------------------------------------------------------------------------------
// The static server (scripts/serve.mjs) on the build

async function startServer(root, port) {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`No site build at ${root}: build first (npm run build, or docusaurus build --out-dir).`);
  }
  const child = spawn(process.execPath, [path.join(repo, 'scripts', 'serve.mjs'), '--port', String(port), '--root', root], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.resume();
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`serve.mjs exited with ${child.exitCode}: ${stderr.trim()}`);
    try {
      const res = await fetch(`${base}/`);
      if (res.ok) return { base, stop: () => child.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill('SIGTERM');
  throw new Error(`serve.mjs did not answer on ${base} within 15 s: ${stderr.trim()}`);
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

/** Lighthouse's mobile throttling (its default), and its CPU slowdown, meant for hosts of benchmark index 1500–2000. */
const MOBILE_THROTTLING = LIGHTHOUSE_THROTTLING.mobileSlow4G;
export const LIGHTHOUSE_CPU_MULTIPLIER = MOBILE_THROTTLING.cpuSlowdownMultiplier;
/** The middle of that range: the host speed Lighthouse's 4x assumes. */
export const CALIBRATED_HOST_INDEX = 1750;

/**
 * The CPU slowdown that makes this host emulate the phone Lighthouse's default emulates from a
 * host of CALIBRATED_HOST_INDEX (Lighthouse's own advice when it warns that the host CPU is slower
 * than it expects): 4 × index / 1750, between 1 and 4, to one decimal.
 */
export function calibratedMultiplier(benchmarkIndex) {
  if (!(benchmarkIndex > 0)) throw new Error(`bad benchmark index ${benchmarkIndex}`);
  const m = (LIGHTHOUSE_CPU_MULTIPLIER * benchmarkIndex) / CALIBRATED_HOST_INDEX;
  return Math.round(Math.min(LIGHTHOUSE_CPU_MULTIPLIER, Math.max(1, m)) * 10) / 10;
}

/** One Lighthouse run (mobile, default config; CPU slowdown as given) in its own Chromium with a fresh profile. */
async function lighthouseRun(url, timeoutMs, cpuSlowdownMultiplier = LIGHTHOUSE_CPU_MULTIPLIER) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-chrome-'));
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: [...CHROME_FLAGS],
      userDataDir,
      logLevel: 'silent',
    });
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier },
      }),
      timeoutMs,
      `Lighthouse on ${url}`,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    try {
      chrome?.kill();
    } catch {
      // already gone
    }
    fs.rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** One line for an item of an audit's details: the element, or the message and its source. */
function describeItem(item) {
  if (item.node?.selector) return `${item.node.selector}  ${item.node.snippet ?? ''}`.trim();
  const parts = [item.source, item.description, item.url ?? item.sourceLocation?.url].filter((v) => typeof v === 'string' && v);
  return parts.length ? parts.join(': ') : null;
}

/** The facts kept from one run: scores, three metrics, and the audits that cost points. */
function summarize(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]));
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const failing = {};
  for (const c of CATEGORIES) {
    failing[c] = (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => ({
        id: a.id,
        title: a.title,
        score: a.score,
        displayValue: a.displayValue,
        nodes: (a.details?.items ?? []).slice(0, 5).map(describeItem).filter(Boolean),
      }));
  }
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpNode = lcpDetails[0]?.items?.[0]?.node;
  const renderDelay = lcpDetails[1]?.items?.find((i) => i.phase === 'Render Delay')?.timing;
  const shift = lhr.audits['layout-shifts']?.details?.items?.[0];
  return {
    scores,
    lcpElement: lcpNode ? `${lcpNode.selector}${renderDelay != null ? ` (render delay ${Math.round(renderDelay)} ms)` : ''}` : null,
    largestShift: shift?.node ? `${shift.node.selector} (${shift.score.toFixed(3)})` : null,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    tbt: metric('total-blocking-time'),
    lcp: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    failing,
  };
}

// ---------------------------------------------------------------------------------------------
// Sweep: every 11.x docs page

/** The 11.x docs routes of a build: every index.html under docs/ but older versions and the API reference. */
export function docsRoutes(root) {
  const out = [];
  const walk = (dir, route) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (route === '/docs/' && ['v10', 'v9', 'typedoc'].includes(entry.name)) continue;
      walk(path.join(dir, entry.name), `${route}${entry.name}/`);
    }
    if (fs.existsSync(path.join(dir, 'index.html'))) out.push(route === '/docs/' ? route : route.replace(/\/$/, ''));
  };
  walk(path.join(root, 'docs'), '/docs/');
  return out.sort();
}

/** The K-th of N consecutive, nearly equal parts of a list (K from 1). */
export function chunkOf(list, [k, n]) {
  const size = Math.ceil(list.length / n);
  return list.slice((k - 1) * size, k * size);
}

/**
 * The sweep's schedule. Round 1 measures every page once; rounds 2 and 3 measure again, one run each
 * per round and in turns, the pages with a run under 90 or no successful run, so a page under 90 ends
 * with the median of 3. A page's extra runs are then minutes apart: one noisy minute on this shared
 * host (its benchmark index was seen to fall from ~2,500 to ~1,500 for a while) cannot sink all three,
 * the reason the page list is measured in turns outside the sweep too. `once`: round 1 only.
 * `measure(route)` resolves to `{ score, tbt, index }` or rejects (a failed run: counted in `failures`,
 * not in the scores).
 * @returns {Promise<{ runs: Map<string, { scores: number[], tbts: number[], indexes: number[], failures: number }>, skipped: boolean }>}
 */
export async function sweepRounds(routes, measure, { once = false, deadline = Infinity, onFirst = () => {}, onError = () => {} } = {}) {
  const runs = new Map(routes.map((route) => [route, { scores: [], tbts: [], indexes: [], failures: 0 }]));
  const needsMore = (r) => r.scores.length === 0 || r.scores.some((x) => x < 90);
  let skipped = false;
  for (let round = 1; round <= (once ? 1 : 3); round++) {
    const todo = round === 1 ? routes : routes.filter((route) => runs.get(route).scores.length < round && needsMore(runs.get(route)));
    for (const route of todo) {
      if (Date.now() > deadline) {
        skipped = true;
        break;
      }
      const r = runs.get(route);
      try {
        const m = await measure(route);
        r.scores.push(m.score);
        r.tbts.push(m.tbt);
        r.indexes.push(m.index);
      } catch (error) {
        r.failures += 1;
        onError(route, error);
      }
      if (round === 1) onFirst(route, r);
    }
  }
  return { runs, skipped };
}

async function sweep(opts, base, multiplier, indexes) {
  const every = docsRoutes(opts.root);
  const routes = opts.chunk ? chunkOf(every, opts.chunk) : every;
  console.log(
    `sweep: ${routes.length} docs pages${opts.chunk ? ` (part ${opts.chunk.join('/')} of ${every.length})` : ''}, ` +
      `one Lighthouse run each${opts.once ? ' (--once: no second runs under 90)' : ' (median of 3 under 90, the extra runs in two later rounds)'}\n`,
  );
  /** Pages under the threshold of another category (accessibility, best practices, SEO) in their first run. */
  const others = [];
  const firstRun = new Set();
  const measure = async (route) => {
    const s = summarize(await lighthouseRun(base + route, opts.runTimeoutMs, multiplier));
    if (s.benchmarkIndex) indexes.push(s.benchmarkIndex);
    if (!firstRun.has(route)) {
      firstRun.add(route);
      for (const category of CATEGORIES.filter((c) => c !== 'performance')) {
        if (s.scores[category] < THRESHOLDS[category]) others.push(`${route}: ${category} ${s.scores[category]} < ${THRESHOLDS[category]}`);
      }
    }
    return { score: s.scores.performance, tbt: s.tbt, index: Math.round(s.benchmarkIndex ?? 0) };
  };
  const report = (route, r) => {
    if (r.scores.length === 0) return;
    console.log(
      `  ${route}: ${median(r.scores)}  TBT ${Math.round(median(r.tbts))} ms  (${r.scores.join(', ')}` +
        `${r.scores.length > 1 || r.failures ? `; host index ${r.indexes.join(', ')}` : ''}` +
        `${r.failures ? `; ${r.failures} failed run${r.failures > 1 ? 's' : ''}` : ''})`,
    );
  };
  const { runs, skipped } = await sweepRounds(routes, measure, {
    once: opts.once,
    deadline: opts.deadline,
    onFirst: report,
    onError: (route, error) => console.log(`  ${route}: failed: ${error.message}`),
  });
  // Pages with a run after the first round: under 90 at first, or whose first run failed.
  const again = routes.filter((route) => runs.get(route).scores.length > 1 || (runs.get(route).failures > 0 && runs.get(route).scores.length > 0));
  if (again.length) console.log("\nmeasured again in later rounds (median of the runs; the host's benchmark index of each run):");
  for (const route of again) report(route, runs.get(route));
  if (skipped) console.log('  --max-minutes reached: the remaining runs were skipped');
  const never = routes.filter((route) => runs.get(route).scores.length === 0);
  const perf = new Map(
    [...runs].filter(([, r]) => r.scores.length > 0).map(([route, r]) => [route, { score: median(r.scores), tbt: median(r.tbts), runs: r.scores.length }]),
  );
  const all = [...perf.values()].map((v) => v.score);
  const below = [...perf].filter(([, v]) => v.score < 90);
  console.log(
    `\nsweep: ${perf.size} pages, performance min ${Math.min(...all)}, median ${median(all)}, ` +
      `median TBT ${Math.round(median([...perf.values()].map((v) => v.tbt)))} ms, ${below.length} below 90` +
      (below.length ? `: ${below.map(([r, v]) => `${r} (${v.score})`).join(', ')}` : '') +
      (never.length ? `; not measured (every run failed): ${never.join(', ')}` : ''),
  );
  console.log(`sweep: ${others.length ? `under their threshold in another category: ${others.join('; ')}` : 'accessibility, best practices and SEO at their thresholds on every page'}`);
  return [
    ...below.map(([r, v]) => `${r}: performance ${v.score} < 90 (median of ${v.runs})`),
    ...never.map((r) => `${r}: no successful Lighthouse run`),
    ...others,
  ];
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const port = opts.port || (await freePort());
  const server = await startServer(opts.root, port);
  const cleanup = () => server.stop();
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  const problems = [];
  const started = Date.now();
  console.log(`bench-pages: ${opts.root} on ${server.base}, ${opts.runs} Lighthouse run(s) per page (mobile)\n`);
  /** Benchmark indexes Lighthouse measured on this host, one per run. */
  const indexes = [];
  let multiplier = opts.cpuMultiplier === 'auto' ? LIGHTHOUSE_CPU_MULTIPLIER : opts.cpuMultiplier;
  if (opts.lighthouse && opts.cpuMultiplier === 'auto') {
    // One run to read the host's benchmark index; the page does not matter.
    const probe = summarize(await lighthouseRun(server.base + '/', opts.runTimeoutMs));
    if (!probe.benchmarkIndex) throw new Error('Lighthouse reported no benchmark index: pass --cpu-multiplier N');
    multiplier = calibratedMultiplier(probe.benchmarkIndex);
    console.log(`CPU slowdown ${multiplier}x, calibrated from this host's benchmark index ${Math.round(probe.benchmarkIndex)} (4x assumes ${CALIBRATED_HOST_INDEX})\n`);
  } else if (opts.lighthouse && multiplier !== LIGHTHOUSE_CPU_MULTIPLIER) {
    console.log(`CPU slowdown ${multiplier}x (Lighthouse's default is ${LIGHTHOUSE_CPU_MULTIPLIER}x)\n`);
  }

  try {
    if (opts.sweep) {
      problems.push(...(await sweep(opts, server.base, multiplier, indexes)));
    } else if (opts.lighthouse) {
      /** @type {Map<string, ReturnType<typeof summarize>[]>} */
      const results = new Map(opts.pages.map((p) => [p, []]));
      const errors = new Map(opts.pages.map((p) => [p, []]));
      let stoppedEarly = false;
      outer: for (let run = 1; run <= opts.runs; run++) {
        for (const p of opts.pages) {
          if (Date.now() > opts.deadline) {
            stoppedEarly = true;
            break outer;
          }
          const t0 = Date.now();
          try {
            const s = summarize(await lighthouseRun(server.base + p, opts.runTimeoutMs, multiplier));
            if (s.benchmarkIndex) indexes.push(s.benchmarkIndex);
            results.get(p).push(s);
            console.log(
              `  run ${run}/${opts.runs} ${p}: ${CATEGORIES.map((c) => s.scores[c]).join(' / ')}  TBT ${Math.round(s.tbt)} ms  (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
            );
          } catch (error) {
            errors.get(p).push(error.message);
            console.log(`  run ${run}/${opts.runs} ${p}: failed: ${error.message}`);
          }
        }
      }
      if (stoppedEarly) {
        console.log(`\n  --max-minutes reached: the remaining runs were skipped; medians are over fewer runs.`);
      }

      const rows = [['page', 'perf', 'a11y', 'best-pr.', 'seo', 'TBT ms', 'LCP s', 'CLS', 'perf min–max', 'runs']];
      for (const p of opts.pages) {
        const runs = results.get(p);
        if (runs.length === 0) {
          rows.push([p, '-', '-', '-', '-', '-', '-', '-', '-', `0 (${errors.get(p).length} failed)`]);
          problems.push(`${p}: no successful Lighthouse run (${errors.get(p)[0] ?? 'skipped'})`);
          continue;
        }
        const med = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]));
        const perfs = runs.map((r) => r.scores.performance);
        rows.push([
          p,
          ...CATEGORIES.map((c) => (med[c] === null ? '-' : Math.round(med[c]))),
          Math.round(median(runs.map((r) => r.tbt))),
          (median(runs.map((r) => r.lcp)) / 1000).toFixed(2),
          median(runs.map((r) => r.cls)).toFixed(3),
          `${Math.min(...perfs)}–${Math.max(...perfs)}`,
          `${runs.length}${errors.get(p).length ? ` (+${errors.get(p).length} failed)` : ''}`,
        ]);
        for (const c of CATEGORIES) {
          if (med[c] === null || med[c] < THRESHOLDS[c]) problems.push(`${p}: median ${c} ${med[c]} < ${THRESHOLDS[c]}`);
        }
      }
      console.log(`\nLighthouse ${lighthouseVersion()} mobile, medians of ${opts.runs} run(s) per page:\n`);
      console.log(table(rows));

      // What cost points, over all runs (an audit failing in 1 of 3 runs is noise worth knowing).
      const lines = [];
      for (const p of opts.pages) {
        const runs = results.get(p);
        for (const c of CATEGORIES) {
          const byId = new Map();
          for (const r of runs) for (const a of r.failing[c]) byId.set(a.id, { ...a, count: (byId.get(a.id)?.count ?? 0) + 1 });
          for (const a of byId.values()) {
            if (c === 'performance' && a.score >= 0.9) continue; // near-perfect metric scores are not findings
            lines.push(`  ${p} [${c}] ${a.id} (${a.count}/${runs.length} runs, score ${a.score}${a.displayValue ? `, ${a.displayValue}` : ''}): ${a.title}`);
            for (const n of a.nodes) lines.push(`      ${n.replace(/\s+/g, ' ').slice(0, 200)}`);
          }
        }
      }
      if (lines.length) console.log(`\nAudits that cost points:\n${lines.join('\n')}`);
      const where = opts.pages
        .map((p) => [p, results.get(p).at(-1)])
        .filter(([, r]) => r)
        .map(([p, r]) => `  ${p}: LCP ${r.lcpElement ?? '-'}; largest layout shift ${r.largestShift ?? 'none'}`);
      if (where.length) console.log(`\nLCP element and largest layout shift (last run):\n${where.join('\n')}`);
    }

    if (opts.weight && !opts.sweep) {
      const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => f !== '--headless') });
      try {
        const rows = [['page', 'JS files', 'raw kB', 'gzip-9 kB', 'ratio to 176 kB', 'budget', 'prefetched gzip kB', 'largest']];
        for (const p of Object.keys(JS_BUDGETS)) {
          let w;
          try {
            w = await jsWeight(browser, server.base + p);
          } catch (error) {
            rows.push([p, '-', '-', '-', '-', 'not measured', '-', error.message]);
            problems.push(`${p}: JavaScript weight not measured: ${error.message}`);
            continue;
          }
          const ratio = w.loaded.gzip / 1000 / BASELINE_JS_KB;
          const budget = JS_BUDGETS[p];
          rows.push([
            p,
            w.loaded.count,
            (w.loaded.raw / 1000).toFixed(1),
            (w.loaded.gzip / 1000).toFixed(1),
            ratio.toFixed(3),
            `≤ ${budget.toFixed(2)} (${(BASELINE_JS_KB * budget).toFixed(1)} kB) ${ratio <= budget ? 'ok' : 'OVER'}`,
            `${(w.prefetched.gzip / 1000).toFixed(1)} (${w.prefetched.count})`,
            w.largest.join(', '),
          ]);
          if (ratio > budget) problems.push(`${p}: JavaScript ${(w.loaded.gzip / 1000).toFixed(1)} kB gzip is ${ratio.toFixed(3)}× the baseline, over the ${budget}× budget`);
        }
        console.log(
          `\nJavaScript on a first visit (scripts the page runs, each body gzip level 9 on its own; kB = 1000 B;` +
            ` prefetched chunks for later navigations are listed apart and not counted):\n`,
        );
        console.log(table(rows));
      } finally {
        await browser.close();
      }
    }
  } finally {
    cleanup();
  }

  console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (indexes.length) {
    const bi = Math.round(median(indexes));
    console.log(
      `Host benchmark index (Lighthouse): median ${bi} over ${indexes.length} run(s); CPU slowdown ${multiplier}x` +
        (bi < 1000 ? `. Lighthouse warns that scores are lowered on hosts under 1000; --cpu-multiplier auto calibrates (${calibratedMultiplier(bi)}x here).` : '.'),
    );
  }
  if (problems.length) {
    console.log(`\n${opts.fail ? 'FAILED' : 'Below target (--no-fail: reporting only)'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    if (opts.fail) process.exitCode = 1;
  } else {
    console.log('\nAll pages meet their thresholds and budgets.');
  }
}

function lighthouseVersion() {
  try {
    return JSON.parse(fs.readFileSync(path.join(repo, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version;
  } catch {
    return '12';
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`bench-pages: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
