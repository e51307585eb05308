/**
 * Hover and tap for the types in code blocks (config/codeTypes.ts). An identifier carries `data-t`, an
 * index into its page's table of quick-info strings (<CodeTypes>); this shows the entry in one popup,
 * kept inside the viewport, on pointer hover or on tap, and hides it on Escape, when the pointer moves
 * away, on a tap elsewhere, when a code block scrolls, and on navigation. No other script is involved.
 * The popup is hoverable (WCAG 1.4.13): the pointer may cross the gap to it and rest on it, to read or
 * select a long type, and it goes once the pointer has left both the identifier and the popup.
 */
import './styles.css';

let tip: HTMLElement | undefined;
let anchor: Element | null = null;
let pinned = false;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
/** Time for the pointer to cross from the identifier to the popup before it is hidden. */
const GRACE_MS = 150;
const tables = new WeakMap<Element, string[]>();

/** The entry of the identifier's own table: a blog list shows several posts, each with its table. */
function typeOf(el: Element): string | undefined {
  const selector = 'script[data-code-types]';
  const script = el.closest('article, figure')?.querySelector(selector) ?? document.querySelector(selector);
  if (!script) return undefined;
  let table = tables.get(script);
  if (!table) {
    try {
      table = JSON.parse(script.textContent || '[]') as string[];
    } catch {
      table = [];
    }
    tables.set(script, table);
  }
  return table[Number(el.getAttribute('data-t'))];
}

function cancelHide(): void {
  clearTimeout(hideTimer);
  hideTimer = undefined;
}

function hideSoon(): void {
  cancelHide();
  hideTimer = setTimeout(hide, GRACE_MS);
}

function hide(): void {
  cancelHide();
  if (tip) tip.hidden = true;
  anchor?.removeAttribute('aria-describedby');
  anchor = null;
  pinned = false;
}

function show(el: Element): void {
  const text = typeOf(el);
  if (!text) return;
  cancelHide();
  if (!tip) {
    tip = document.createElement('div');
    tip.id = 'code-type-tip';
    tip.className = 'code-type-tip';
    tip.setAttribute('role', 'tooltip');
    document.body.appendChild(tip);
  }
  anchor?.removeAttribute('aria-describedby');
  anchor = el;
  el.setAttribute('aria-describedby', tip.id);
  tip.textContent = text;
  tip.hidden = false;
  const margin = 8;
  const r = el.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  tip.style.maxWidth = `${vw - 2 * margin}px`;
  const w = tip.offsetWidth;
  const h = tip.offsetHeight;
  const left = Math.max(margin, Math.min(r.left, vw - w - margin));
  // Below the identifier when it fits, else above; a popup taller than both goes where there is more room.
  const below = r.bottom + 4 + h <= vh - margin || vh - r.bottom >= r.top;
  const top = below ? r.bottom + 4 : Math.max(margin, r.top - 4 - h);
  tip.style.left = `${left + window.scrollX}px`;
  tip.style.top = `${top + window.scrollY}px`;
}

const typed = (e: Event): Element | null =>
  e.target instanceof Element ? e.target.closest('.prism-code [data-t], [data-code-demo] [data-t]') : null;
const inTip = (node: EventTarget | null): boolean => !!tip && node instanceof Node && tip.contains(node);

if (typeof document !== 'undefined') {
  document.addEventListener('pointerover', (e) => {
    if (e.pointerType === 'touch' || pinned) return;
    const el = typed(e);
    if (el) show(el);
    else if (inTip(e.target) || (anchor && e.target instanceof Node && anchor.contains(e.target))) cancelHide();
  });
  document.addEventListener('pointerout', (e) => {
    if (e.pointerType === 'touch' || pinned || !anchor) return;
    // Leaving the identifier or the popup for somewhere that is neither of them.
    const from = typed(e) === anchor || inTip(e.target);
    const to = inTip(e.relatedTarget) || (e.relatedTarget instanceof Node && anchor.contains(e.relatedTarget));
    if (from && !to) hideSoon();
  });
  document.addEventListener('click', (e) => {
    // A click in the popup (selecting its text) keeps it.
    if (inTip(e.target)) return;
    const el = typed(e);
    if (el) {
      if (pinned && el === anchor) hide();
      else {
        show(el);
        pinned = true;
      }
    } else if (anchor) hide();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && anchor) hide();
  });
  // The popup is placed in page coordinates: it follows a page scroll, not a code block's.
  document.addEventListener('scroll', (e) => e.target !== document && anchor && hide(), true);
}

export function onRouteDidUpdate(): void {
  hide();
}
