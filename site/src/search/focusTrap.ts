/**
 * Keeps Tab and Shift+Tab inside the open search modal. DocSearch 3 lets focus leave its modal for
 * the page behind the overlay (the navbar, the sidebar), where Enter then follows a link the reader
 * cannot see. Returns a keydown listener for the document (capture phase).
 */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function trapTabInSearchModal(doc: Document = document): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
    const modal = doc.querySelector<HTMLElement>('.DocSearch-Modal');
    if (!modal) return;
    const items = Array.from(modal.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = doc.activeElement;
    let target: HTMLElement | null = null;
    if (!active || !modal.contains(active)) target = event.shiftKey ? last : first;
    else if (event.shiftKey && active === first) target = last;
    else if (!event.shiftKey && active === last) target = first;
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };
}
