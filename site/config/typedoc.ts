import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, PluginConfig } from '@docusaurus/types';
import typedocPlugin from 'docusaurus-plugin-typedoc';

/**
 * The generated API reference: one docusaurus-plugin-typedoc instance per published @trpc package,
 * reading the package's own .d.mts files in node_modules (the sources are not shipped, so there are
 * no source links). Output goes to docs/typedoc/<package>/ and is git-ignored.
 *
 * Pages: one page per module with its interfaces, functions, variables and type aliases (grouped by
 * kind), one page per class. That keeps the route count, and so main.js, small. The theme
 * (typedocTheme.mjs) keeps the module pages short enough to scan.
 */
export const TYPEDOC_PACKAGES = ['server', 'client', 'react-query', 'next'] as const;
export type TypedocPackage = (typeof TYPEDOC_PACKAGES)[number];

/** Subpath exports that are internal to tRPC and documented as "do not import". */
const INTERNAL = /unstable-core-do-not-import|unstable-internals|package\.json/;

type ExportEntry = string | { import?: string | { types?: string }; types?: string };

/** The .d.mts file of every public subpath export of @trpc/<name>, from its package.json. */
export function entryPoints(name: TypedocPackage, nodeModules: string): string[] {
  const pkgDir = path.join(nodeModules, '@trpc', name);
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as {
    exports: Record<string, ExportEntry>;
  };
  return Object.entries(pkg.exports)
    .filter(([subpath]) => !INTERNAL.test(subpath))
    .map(([subpath, entry]) => {
      const types =
        typeof entry === 'string'
          ? entry
          : typeof entry.import === 'object'
            ? entry.import.types
            : entry.types;
      if (!types) throw new Error(`@trpc/${name}: export "${subpath}" has no type declarations`);
      return path.join(pkgDir, types);
    });
}

function tsconfigFor(name: TypedocPackage, files: string[], outDir: string): string {
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `tsconfig.${name}.json`);
  const config = {
    compilerOptions: {
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      module: 'ESNext',
      moduleResolution: 'Bundler',
      target: 'ES2022',
      lib: ['ES2022', 'DOM'],
      jsx: 'react-jsx',
      types: [],
    },
    files,
  };
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

export function typedocPlugins(siteDir: string): PluginConfig[] {
  const nodeModules = path.resolve(siteDir, '..', 'node_modules');
  const cacheDir = path.join(siteDir, '.docusaurus-typedoc');
  // The reference is one collapsed category below the written docs.
  const outRoot = path.join(siteDir, 'docs', 'typedoc');
  fs.mkdirSync(outRoot, { recursive: true });
  fs.writeFileSync(
    path.join(outRoot, '_category_.json'),
    JSON.stringify({ label: 'API Reference', position: 90, collapsed: true, collapsible: true }, null, 2),
  );
  return TYPEDOC_PACKAGES.map((name) => {
    const files = entryPoints(name, nodeModules);
    const options = {
      entryPoints: files,
      tsconfig: tsconfigFor(name, files, cacheDir),
      // Absolute, so the output lands in the site whatever the working directory of the build.
      out: path.join(outRoot, name),
      name: `@trpc/${name}`,
      readme: 'none',
      disableSources: true,
      skipErrorChecking: true,
      excludePrivate: true,
      excludeInternal: true,
      // Everything under node_modules counts as external by default, tRPC's own files included:
      // keep @trpc, leave out what it re-exports from Node, Next.js and other libraries.
      excludeExternals: true,
      externalPattern: ['**/node_modules/!(@trpc)/**'],
      hideGenerator: true,
      // Each package's index page says what every import path is for (apiModules.mjs).
      // The theme (typedocTheme.mjs) renders signatures, hierarchies and tags compactly.
      plugin: [path.join(siteDir, 'config', 'typedocOverviewPlugin.mjs'), path.join(siteDir, 'config', 'typedocTheme.mjs')],
      theme: 'trpc-api',
      // One page per module with its symbols as sections; only classes get their own page. Every
      // route adds to main.js on every page of the site (ARCHITECTURE.md). Interfaces on pages of
      // their own (85 more routes) were measured at +12 kB gzip on a first visit to /docs/
      // (179.2 → 191.2 kB against a 193.6 kB budget), so they stay on the module page.
      outputFileStrategy: 'members',
      membersWithOwnFile: ['Class'],
      entryFileName: 'index',
      hidePageHeader: true,
      useCodeBlocks: true,
      expandObjects: false,
      // Parameter types and type parameter constraints in the signature's code block, which is then
      // the whole signature (typedocTheme.mjs drops the tables that would repeat it).
      expandParameters: true,
      indexFormat: 'table',
      parametersFormat: 'table',
      interfacePropertiesFormat: 'table',
      classPropertiesFormat: 'table',
      typeDeclarationFormat: 'table',
      // Narrower property tables, so the type column wraps less: where an inherited member comes
      // from is not what a reader scans a module for.
      tableColumnSettings: { hideInherited: true, hideOverrides: true },
      sanitizeComments: true,
      // Headings carry the anchor the reference's own links use (\{#id\}, which Docusaurus keeps as the
      // heading id); otherwise a heading whose slug clashes with the page title (`TRPCClient` on
      // `@trpc/client`) gets a "-1" suffix and links to it miss.
      useCustomAnchors: true,
      customAnchorsFormat: 'escapedCurlyBrace',
      // A module page is titled by its import path (`@trpc/server/adapters/express`), and the
      // package's main module by the package name instead of "index".
      pageTitleTemplates: {
        module: (args: { rawName?: string; name: string; kind?: string }) => {
          const sub = args.rawName ?? args.name;
          // A namespace inside a module (`JSONRPC2` of `@trpc/server/rpc`) is not an import path.
          if (args.kind && args.kind !== 'Module') return `${args.kind}: ${sub}`;
          return sub === 'index' ? `@trpc/${name}` : `@trpc/${name}/${sub}`;
        },
      },
      sidebar: { autoConfiguration: true, pretty: true },
      logLevel: 'Error',
    };
    // A function, not the plugin's name: Docusaurus ships the site config, plugin options included, in
    // main.js to every visitor, and these options held the build machine's absolute paths (about 6 kB,
    // 0.65 kB gzip). A function is serialised as null, so only the instance id travels.
    // The options were untyped in the tuple form too (the plugin fills in defaults, e.g. the rest of
    // `sidebar`; TypeDoc's types want its enums where these give strings), hence the cast.
    const plugin = (context: LoadContext) => typedocPlugin(context, options as unknown as Parameters<typeof typedocPlugin>[1]);
    return [plugin, { id: `typedoc-${name}` }] as PluginConfig;
  });
}
