/**
 * Which left navbar link matches the current doc. Docusaurus marks a `doc` item active whenever the
 * current doc is in the same sidebar as the item's doc, and a `docSidebar` item whenever the current
 * doc is in that sidebar; with one sidebar per version that lit every link on every doc page. Here a
 * `doc` item matches its own page, or any page under `activeDocIdPrefix` when it sets one (the
 * "Using Next.js" item stands for its whole section), and the `docSidebar` item matches the rest.
 */
export interface DocLinkItem {
  type?: string;
  docId?: string;
  activeDocIdPrefix?: string;
}

export function docItemMatches(item: DocLinkItem, activeDocId: string | undefined): boolean {
  if (!activeDocId || !item.docId) return false;
  if (activeDocId === item.docId) return true;
  return !!item.activeDocIdPrefix && activeDocId.startsWith(item.activeDocIdPrefix);
}

/** True when one of the navbar's `doc` items claims the current doc. */
export function someDocItemMatches(items: readonly DocLinkItem[], activeDocId: string | undefined): boolean {
  return items.some((item) => item.type === 'doc' && docItemMatches(item, activeDocId));
}
