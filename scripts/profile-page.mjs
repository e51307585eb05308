#!/usr/bin/env node
// Where a page's main-thread time goes while it loads and hydrates: Chromium with the CPU slowed
// down (Lighthouse's mobile profile counts a 4x slower CPU), a trace from navigation until the page
// has been idle for 4 s, and each task over 50 ms (what Total Blocking Time counts) with the time of
// what ran inside it by kind (script, style, layout, parsing) and, from the trace's CPU profile, by
// function and by script.
//
//   node scripts/profile-page.mjs [--root site/build] [--throttle 4] [--top 12] [--runs 1] [--summary]
//                                 /docs/quickstart [/docs/…]
//
// Each run prints the main thread's CPU time and the blocking time its tasks would give at 4x (the
// tasks' thread time times 4/throttle, minus 50 ms each; with --throttle 1 that is how Lighthouse's
// simulation scales a desktop trace). --runs N adds their medians; --summary leaves out the details
// (by kind, script and function) that are otherwise printed for the last run.
//
// Names in the production bundles are minified: a function is shown as name@file:line:column so it
// can be looked up in site/build/assets/js. Run it under /work/bin/quiet when its numbers are quoted.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { freePort } from './lib/free-port.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = argv[i + 1];
  argv.splice(i, 2);
  return v;
};
const root = path.resolve(option('root', path.join(repo, 'site', 'build')));
const throttle = Number(option('throttle', '4'));
const top = Number(option('top', '12'));
const runs = Number(option('runs', '1'));
const details = !argv.includes('--summary');
const pages = argv.filter((a) => a.startsWith('/'));
if (pages.length === 0 || !(throttle >= 1) || !(top >= 1) || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: node scripts/profile-page.mjs [--root DIR] [--throttle 4] [--top 12] [--runs 1] [--summary] /page [/page…]');
  process.exit(2);
}

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repo, 'scripts', 'serve.mjs'), '--port', String(port), '--root', root], {
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(base)).ok) return { base, stop: () => child.kill('SIGTERM') };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill('SIGTERM');
  throw new Error(`the site server did not answer on ${base}`);
}

const short = (url) => (url ? url.replace(/^.*\/assets\/js\//, '').replace(/^https?:\/\/[^/]+/, '') || '(page)' : '');
const frameName = (f) => `${f.functionName || '(anonymous)'}@${short(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`;

/**
 * The renderer main thread's tasks over 50 ms from a Chromium trace, each with the time of the trace
 * events directly inside it by kind (script evaluation, style, layout, parsing…) and the CPU profile's
 * samples that fall in it, by function (self time) and by script.
 */
function mainThread(events) {
  return (
    events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'ResourceSendRequest')) ??
    events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  );
}

function longTasks(events, whole = false) {
  const main = mainThread(events);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const runTasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const tasks = whole
    ? [{ name: 'RunTask', ts: runTasks[0].ts, dur: runTasks.at(-1).ts + runTasks.at(-1).dur - runTasks[0].ts }]
    : runTasks.filter((e) => e.dur > 50_000);
  // The CPU profile arrives in chunks: nodes (id, callFrame, parent) and samples with time deltas.
  const nodes = new Map();
  const samples = [];
  for (const e of events.filter((x) => x.name === 'ProfileChunk' && x.pid === main.pid)) {
    const data = e.args.data;
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    let t = samples.at(-1)?.ts ?? events.find((x) => x.name === 'Profile' && x.pid === main.pid)?.args.data.startTime ?? 0;
    (data.cpuProfile?.samples ?? []).forEach((id, i) => {
      t += data.timeDeltas[i];
      samples.push({ ts: t, id });
    });
  }
  const kinds = ['EvaluateScript', 'v8.compile', 'v8.compileModule', 'FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame',
    'RunMicrotasks', 'V8.GC_SCAVENGER', 'MajorGC', 'MinorGC', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'ParseAuthorStyleSheet', 'HitTest', 'v8.run'];
  return tasks.map((task) => {
    const inside = onMain.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e !== task);
    const byKind = new Map();
    // Time per kind, counting only outermost events of a kind (a Layout inside a FunctionCall counts for both).
    for (const k of kinds) {
      const evs = inside.filter((e) => e.name === k).sort((a, b) => a.ts - b.ts);
      let sum = 0;
      let until = -1;
      for (const e of evs) {
        if (e.ts >= until) {
          sum += e.dur;
          until = e.ts + e.dur;
        }
      }
      if (sum > 0) byKind.set(k, sum);
    }
    const script = inside.find((e) => e.name === 'EvaluateScript')?.args?.data?.url ?? inside.find((e) => e.name === 'FunctionCall')?.args?.data?.functionName;
    const self = new Map();
    const total = new Map();
    const files = new Map();
    const within = samples.filter((s) => s.ts >= task.ts && s.ts < task.ts + task.dur);
    within.forEach((s, i) => {
      const dt = (within[i + 1]?.ts ?? task.ts + task.dur) - s.ts;
      const n = nodes.get(s.id);
      if (!n || ['(idle)', '(program)', '(root)'].includes(n.callFrame.functionName)) return;
      self.set(s.id, (self.get(s.id) ?? 0) + dt);
      // Inclusive time per function (a recursive function counts once per sample).
      const seen = new Set();
      for (let id = s.id; nodes.has(id); id = nodes.get(id).parent) {
        const key = frameName(nodes.get(id).callFrame);
        if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + dt);
        seen.add(key);
      }
      const f = short(n.callFrame.url) || n.callFrame.functionName;
      files.set(f, (files.get(f) ?? 0) + dt);
    });
    return { ts: task.ts, dur: task.dur, byKind, self, total, files, nodes, script };
  });
}

/** Main-thread CPU time by trace event name, each event counted without the events nested in it. */
function breakdown(events) {
  const main = mainThread(events);
  const evs = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  for (const e of evs) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.tdur);
    self.set(e.name, (self.get(e.name) ?? 0) + e.tdur);
    stack.push(e);
  }
  return self;
}

const ms = (us) => `${(us / 1000).toFixed(0)} ms`;
const topOf = (map, n, name) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `      ${ms(v).padStart(7)}  ${name(k)}`)
    .join('\n');

const median = (values) => {
  const v = [...values].sort((x, y) => x - y);
  return v.length % 2 ? v[v.length >> 1] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

/** One load of a page in a fresh context: its trace's events. */
async function traceLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'toplevel'],
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(4000);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    return trace.traceEvents ?? trace;
  } finally {
    await context.close();
  }
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const p of pages) {
    const summaries = [];
    let events;
    for (let run = 1; run <= runs; run++) {
      events = await traceLoad(browser, server.base + p);
      const navStart = events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url?.startsWith(server.base))?.ts ?? events[0].ts;
      const tasks = longTasks(events);
      // Thread time (CPU time of the main thread) of every task, and the blocking time it would give at
      // Lighthouse's 4x slowdown (how Lighthouse simulates a phone: observed task times times 4); unlike
      // wall time it does not grow while other processes hold the CPU.
      const main = mainThread(events);
      const all = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X' && e.tdur);
      const summary = {
        blocking: tasks.reduce((s, t) => s + t.dur - 50_000, 0),
        cpu: all.reduce((s, e) => s + e.tdur, 0),
        cpuBlocking: all.reduce((s, e) => s + Math.max(0, e.tdur * (4 / throttle) - 50_000), 0),
        tasks: tasks.map((t) => `${ms(t.dur)} @${ms(t.ts - navStart)}`).join(', '),
      };
      summaries.push(summary);
      console.log(
        `${p} run ${run}/${runs} (CPU ${throttle}x): main-thread CPU ${ms(summary.cpu)}, blocking at 4x from CPU time ${ms(summary.cpuBlocking)}; ` +
          `wall-time blocking ${ms(summary.blocking)}, tasks over 50 ms: ${summary.tasks || 'none'}`,
      );
    }
    if (runs > 1) {
      console.log(
        `${p} median of ${runs}: main-thread CPU ${ms(median(summaries.map((x) => x.cpu)))}, ` +
          `blocking at 4x from CPU time ${ms(median(summaries.map((x) => x.cpuBlocking)))}, wall-time blocking ${ms(median(summaries.map((x) => x.blocking)))}`,
      );
    }
    if (!details) continue;
    // Details of the last run.
    const navStart = events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url?.startsWith(server.base))?.ts ?? events[0].ts;
    console.log(`\n  main-thread CPU by kind:\n${topOf(breakdown(events), 10, (k) => k)}`);
    const [whole] = longTasks(events, true);
    console.log(`  the whole load, by script (samples):\n${topOf(whole.files, 8, (k) => k)}`);
    console.log(`  the whole load, by total time (samples):\n${topOf(whole.total, top * 3, (k) => k)}`);
    for (const t of longTasks(events)) {
      console.log(`\n  task ${ms(t.dur)} at ${ms(t.ts - navStart)}${t.script ? ` (${short(t.script)})` : ''}`);
      console.log(`    by kind:\n${topOf(t.byKind, 8, (k) => k)}`);
      console.log(`    by script (samples):\n${topOf(t.files, 5, (k) => k)}`);
      console.log(`    by total time (samples):\n${topOf(t.total, top, (k) => k)}`);
      console.log(`    by self time (samples):\n${topOf(t.self, top, (id) => frameName(t.nodes.get(id).callFrame))}`);
    }
  }
} finally {
  await browser.close();
  server.stop();
}
