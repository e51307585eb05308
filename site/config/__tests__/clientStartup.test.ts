import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { rspack, type Stats } from '@rspack/core';
import clientStartupPlugin, { COMPILE_HINT, COMPILE_HINT_FILES, lazyRouteComponentPath, stagedEntryPath } from '../clientStartupPlugin';
import LazyComponentCreator from '../../src/client/lazyRouteComponent';
import { messageChannelTask, runInTasks, type StartupStep } from '../../src/client/runInTasks';

// Docusaurus publishes this module as JSX in a .js file, which the test runner does not compile;
// the tests hand LazyComponentCreator a creator of their own.
vi.mock('@docusaurus/core/lib/client/exports/ComponentCreator', () => ({ default: () => undefined }));

const siteDir = path.resolve(__dirname, '..', '..');

/** A stand-in for the browser's task queue: each call starts a new numbered task. */
function fakeTasks() {
  const state = { task: 0 };
  return { state, nextTask: async () => void (state.task += 1) };
}

describe('runInTasks', () => {
  it('runs the steps in order, each in a task of its own after the current one', async () => {
    const { state, nextTask } = fakeTasks();
    const ran: Array<[string, number]> = [];
    const step = (name: string): StartupStep => ({ name, run: () => void ran.push([name, state.task]) });
    await runInTasks([step('a'), step('b'), step('c')], nextTask, undefined);
    expect(ran).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
  });

  it('waits for a step that returns a promise before it starts the next', async () => {
    const { nextTask } = fakeTasks();
    const log: string[] = [];
    const slow: StartupStep = {
      name: 'slow',
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push('slow done');
      },
    };
    await runInTasks([slow, { name: 'next', run: () => void log.push('next') }], nextTask, undefined);
    expect(log).toEqual(['slow done', 'next']);
  });

  it('stops at a step that throws and rejects with an error that names it', async () => {
    const { nextTask } = fakeTasks();
    const cause = new Error('module failed');
    const ran: string[] = [];
    const steps: StartupStep[] = [
      { name: 'first', run: () => void ran.push('first') },
      { name: 'broken', run: () => Promise.reject(cause) },
      { name: 'never', run: () => void ran.push('never') },
    ];
    const error = await runInTasks(steps, nextTask, undefined).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toBe('client start-up: step "broken" failed');
    expect(error?.cause).toBe(cause);
    expect(ran).toEqual(['first']);
  });

  it('records each step as a performance measure with its start and end', async () => {
    const { nextTask } = fakeTasks();
    let now = 100;
    const measures: Array<[string, number | undefined, number | undefined]> = [];
    const perf = {
      now: () => now,
      measure: (name: string, options?: PerformanceMeasureOptions | string) => {
        const o = options as PerformanceMeasureOptions;
        measures.push([name, o.start as number, o.end as number]);
        return undefined as unknown as PerformanceMeasure;
      },
    };
    await runInTasks([{ name: 'React DOM', run: () => void (now += 7) }], nextTask, perf);
    expect(measures).toEqual([['client start-up: React DOM', 100, 107]]);
  });
});

describe('runInTasks in a browser whose performance.measure takes no options', () => {
  it('still runs every step', async () => {
    const { nextTask } = fakeTasks();
    const ran: string[] = [];
    const perf = {
      now: () => 0,
      measure: () => {
        throw new SyntaxError("Failed to execute 'measure': The mark '[object Object]' does not exist.");
      },
    };
    const steps = ['a', 'b'].map((name): StartupStep => ({ name, run: () => void ran.push(name) }));
    await expect(runInTasks(steps, nextTask, perf)).resolves.toBeUndefined();
    expect(ran).toEqual(['a', 'b']);
  });
});

describe('messageChannelTask', () => {
  it('resolves in a later task, after every microtask queued before it', async () => {
    const channel = new MessageChannel();
    const nextTask = messageChannelTask(channel);
    let chainDone = false;
    // A long chain of microtasks: a promise that resolved as a microtask would finish before it.
    let chain = Promise.resolve();
    for (let i = 0; i < 50; i++) chain = chain.then(() => undefined);
    void chain.then(() => (chainDone = true));
    await nextTask();
    expect(chainDone).toBe(true);
    channel.port1.close();
  });

  it('resolves several waits in the order they were asked for', async () => {
    const channel = new MessageChannel();
    const nextTask = messageChannelTask(channel);
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => nextTask().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
    channel.port1.close();
  });
});

describe('LazyComponentCreator', () => {
  /** A stand-in for Docusaurus's ComponentCreator that counts the components it builds. */
  function fakeCreator() {
    const built: string[] = [];
    const preloaded: string[] = [];
    const create = ((path: string, hash: string) => {
      built.push(`${path}-${hash}`);
      const Component = (props: { label?: string }) => createElement('p', null, `${path} ${props.label ?? ''}`);
      return Object.assign(Component, { preload: () => void preloaded.push(path) });
    }) as unknown as Parameters<typeof LazyComponentCreator>[2];
    return { built, preloaded, create };
  }

  it('builds no route component when the route table is evaluated', () => {
    const { built, create } = fakeCreator();
    const routes = ['/docs', '/docs/quickstart', '/blog'].map((p) => LazyComponentCreator(p, 'abc', create));
    expect(routes).toHaveLength(3);
    expect(built).toEqual([]);
  });

  it('builds a route`s component once, on its first preload, and renders it with the route`s props', () => {
    const { built, preloaded, create } = fakeCreator();
    const Route = LazyComponentCreator('/docs/quickstart', 'f00', create);
    Route.preload();
    Route.preload();
    expect(preloaded).toEqual(['/docs/quickstart', '/docs/quickstart']);
    expect(renderToStaticMarkup(createElement(Route as ComponentType<{ label: string }>, { label: 'hello' }))).toBe('<p>/docs/quickstart hello</p>');
    expect(built).toEqual(['/docs/quickstart-f00']);
  });

  it('renders a route that was never preloaded (its component is built on first render)', () => {
    const { built, create } = fakeCreator();
    const Route = LazyComponentCreator('/pricing', '9', create);
    expect(renderToStaticMarkup(createElement(Route, {}))).toBe('<p>/pricing </p>');
    expect(built).toEqual(['/pricing-9']);
  });
});

describe('clientStartupPlugin', () => {
  const plugin = clientStartupPlugin({ siteDir } as Parameters<typeof clientStartupPlugin>[0]);
  const utils = { currentBundler: { name: 'rspack', instance: rspack } };
  const configure = (mode: string, isServer: boolean) =>
    (plugin.configureWebpack as unknown as (config: object, isServer: boolean, u: typeof utils) => Record<string, unknown>)({ mode }, isServer, utils);
  const alias = { resolve: { alias: { '@docusaurus/ComponentCreator': lazyRouteComponentPath(siteDir) } } };

  it('makes the route table lazy in every bundle; the production client bundle also gets the staged entry and the compile hint', () => {
    const { plugins, ...rest } = configure('production', false) as { plugins: unknown[] };
    expect(rest).toEqual({ ...alias, mergeStrategy: { entry: 'replace' }, entry: stagedEntryPath(siteDir) });
    expect(plugins).toHaveLength(1);
    expect(plugins[0]).toBeInstanceOf(rspack.BannerPlugin);
    expect(configure('development', false)).toEqual(alias);
    expect(configure('production', true)).toEqual(alias);
    expect(fs.existsSync(stagedEntryPath(siteDir))).toBe(true);
    expect(fs.existsSync(lazyRouteComponentPath(siteDir))).toBe(true);
  });

  it('gives the hint to the main entry chunk only', () => {
    expect(COMPILE_HINT_FILES.test('assets/js/main.96439446.js')).toBe(true);
    expect(COMPILE_HINT_FILES.test('assets/js/runtime~main.0e790ec7.js')).toBe(false);
    expect(COMPILE_HINT_FILES.test('assets/js/17896441.a024374d.js')).toBe(false);
    expect(COMPILE_HINT_FILES.test('assets/js/main.96439446.js.LICENSE.txt')).toBe(false);
  });

  it('puts the hint on the first line of the minified main.js, whose name hashes the final content', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hint-'));
    try {
      fs.writeFileSync(path.join(dir, 'entry.js'), '/* a comment the minifier drops */\nexport function greet(name) { return `hello ${name}`; }\nconsole.log(greet("reader"));\n');
      const { plugins } = configure('production', false) as { plugins: InstanceType<typeof rspack.BannerPlugin>[] };
      const stats = await new Promise<Stats>((resolve, reject) =>
        rspack(
          {
            mode: 'production',
            context: dir,
            entry: { main: './entry.js' },
            output: { path: path.join(dir, 'out'), filename: 'assets/js/[name].[contenthash:8].js' },
            optimization: { realContentHash: true },
            plugins,
          },
          (error, result) => (error || !result ? reject(error) : resolve(result)),
        ),
      );
      expect(stats.hasErrors()).toBe(false);
      const [file] = fs.readdirSync(path.join(dir, 'out', 'assets', 'js'));
      const code = fs.readFileSync(path.join(dir, 'out', 'assets', 'js', file), 'utf8');
      expect(code.split('\n')[0]).toBe(COMPILE_HINT);
      expect(code).not.toContain('a comment the minifier drops');
      // The name's hash is of the file as written, hint included.
      const again = stats.toJson({ assets: true }).assets!.find((a: { name: string }) => a.name.endsWith(file));
      expect(again?.size).toBe(Buffer.byteLength(code));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('replaces the alias Docusaurus defines, for the module it has', () => {
    // Docusaurus aliases each file of core's client/exports as `@docusaurus/<name>`.
    const require = createRequire(path.join(siteDir, 'package.json'));
    expect(() => require.resolve('@docusaurus/core/lib/client/exports/ComponentCreator.js')).not.toThrow();
  });

  it('names modules of the installed Docusaurus that exist, and runs its client entry last', () => {
    const source = fs.readFileSync(stagedEntryPath(siteDir), 'utf8');
    const specifiers = [...source.matchAll(/import\(\/\* webpackMode: "eager"[^*]*\*\/ '([^']+)'\)/g)].map((m) => m[1]);
    expect(specifiers.at(-1)).toBe('@docusaurus/core/lib/client/clientEntry');
    const require = createRequire(path.join(siteDir, 'package.json'));
    // `@generated/…` are the bundler's aliases for .docusaurus/; the rest are installed packages.
    const installed = specifiers.filter((s) => !s.startsWith('@generated/'));
    expect(specifiers).toHaveLength(8);
    expect(installed.length).toBeGreaterThanOrEqual(4);
    for (const specifier of installed) expect(() => require.resolve(specifier), specifier).not.toThrow();
    for (const generated of specifiers.filter((s) => s.startsWith('@generated/'))) {
      expect(['@generated/client-modules', '@generated/registry', '@generated/routes']).toContain(generated);
    }
  });
});
