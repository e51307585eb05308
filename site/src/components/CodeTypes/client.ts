/**
 * Hover and tap for the types in code blocks (config/codeTypes.ts). An identifier carries `data-t`, an
 * index into its page's table of quick-info strings (<CodeTypes>); this shows the entry in one popup,
 * kept inside the viewport, on pointer hover or on tap, and hides it on Escape, when the pointer moves
 * away, on a tap elsewhere, when a code block scrolls, and on navigation. No other script is involved.
 */
import './styles.css';

let tip: HTMLElement | undefined;
let anchor: Element | null = null;
let pinned = false;
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

function hide(): void {
  if (tip) tip.hidden = true;
  anchor?.removeAttribute('aria-describedby');
  anchor = null;
  pinned = false;
}

function show(el: Element): void {
  const text = typeOf(el);
  if (!text) return;
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

if (typeof document !== 'undefined') {
  document.addEventListener('pointerover', (e) => {
    const el = typed(e);
    if (el && e.pointerType !== 'touch' && !pinned) show(el);
  });
  document.addEventListener('pointerout', (e) => {
    const el = typed(e);
    if (el && el === anchor && !pinned && e.pointerType !== 'touch') hide();
  });
  document.addEventListener('click', (e) => {
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
