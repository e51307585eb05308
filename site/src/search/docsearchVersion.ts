/**
 * Stands in for `@docsearch/react/version` (the theme only reads the version number), so reading it
 * does not pull the whole DocSearch 3 bundle into every page. See config/searchPlugin.ts.
 */
import pkg from '@docsearch/react/package.json';

export const version: string = pkg.version;
