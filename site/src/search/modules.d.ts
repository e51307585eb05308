// Resolved by the bundler alias in config/searchPlugin.ts to algoliasearch's own browser lite build.
declare module 'algoliasearch-lite-original' {
  export * from 'algoliasearch/lite';
}
