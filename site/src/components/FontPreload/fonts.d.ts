/** Font files imported from JavaScript resolve to their URL in the build. */
declare module '*.woff2' {
  const url: string;
  export default url;
}
