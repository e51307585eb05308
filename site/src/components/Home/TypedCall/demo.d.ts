/** The landing demo computed at build time (config/codeTypes.ts, `typedCallDemo`). */
declare module '@code-types-demo' {
  const demo: import('@site/config/codeTypes').TypedCallDemo;
  export default demo;
}
