/**
 * Where a doc page's Markdown is served: its URL plus `.md` (/docs/quickstart → /docs/quickstart.md).
 * A page whose URL ends in a slash drops the slash (/docs/ → /docs.md). Shared by the build
 * (config/llmsPlugin.ts writes the files) and the "Copy page" button (which fetches them).
 */
export function markdownUrl(permalink: string): string {
  const [pathname] = permalink.split(/[?#]/);
  const trimmed = pathname.replace(/\/+$/, '');
  return `${trimmed || '/index'}.md`;
}
