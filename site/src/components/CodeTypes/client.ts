/**
 * Hover and tap for the types in code blocks (config/codeTypes.ts). An identifier carries `data-t`, an
 * index into its page's table of quick-info strings (<CodeTypes>); this shows the entry in one popup,
 * kept inside the viewport, on pointer hover or on tap, and hides it on Escape, when the pointer moves
 * away, on a tap elsewhere, when a code block scrolls, and on navigation. No other script is involved.
 * The popup is hoverable (WCAG 1.4.13): the pointer may cross the gap to it and rest on it, to read or
 * select a long type, and it goes once the pointer has left both the identifier and the popup.
 * Keyboard: a code block is one tab stop (its <pre>); Enter there moves focus to its first name and
 * shows its type, the arrow keys move between names (left/right in reading order, up/down to the
 * nearest name on the next or previous line), Home and End to the first and last, Escape back to the
 * block; Tab leaves the block. Names are focusable only once a reader enters the block this way.
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
const blockOf = (el: Element): HTMLElement | null => el.closest('.prism-code');

function focusName(el: HTMLElement): void {
  el.tabIndex = -1;
  el.focus();
  show(el);
}

/** The name a key moves to from `from`, or undefined when the key is not one of ours. */
function nextName(from: HTMLElement, key: string): HTMLElement | null | undefined {
  const block = blockOf(from);
  if (!block) return undefined;
  const names = Array.from(block.querySelectorAll<HTMLElement>('[data-t]'));
  const i = names.indexOf(from);
  if (key === 'ArrowRight') return names[i + 1] ?? null;
  if (key === 'ArrowLeft') return names[i - 1] ?? null;
  if (key === 'Home') return names[0];
  if (key === 'End') return names[names.length - 1];
  if (key !== 'ArrowDown' && key !== 'ArrowUp') return undefined;
  // The nearest name (by its left edge) on the closest line in that direction that has names.
  const step = key === 'ArrowDown' ? 1 : -1;
  const line = from.closest('.token-line');
  const x = from.getBoundingClientRect().left;
  let best: HTMLElement | null = null;
  for (let j = i + step; j >= 0 && j < names.length; j += step) {
    const name = names[j]!;
    const other = name.closest('.token-line');
    if (other === line) continue;
    if (best && other !== best.closest('.token-line')) break;
    if (!best || Math.abs(name.getBoundingClientRect().left - x) < Math.abs(best.getBoundingClientRect().left - x)) best = name;
  }
  return best;
}
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
    const active = document.activeElement;
    if (e.key === 'Escape') {
      // From a name, back to its block, so Tab goes on from there.
      if (anchor && anchor === active) blockOf(anchor)?.focus();
      if (anchor) hide();
      return;
    }
    if (!(active instanceof HTMLElement) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'Enter' && active.matches('.prism-code')) {
      const first = active.querySelector<HTMLElement>('[data-t]');
      if (first) {
        e.preventDefault();
        focusName(first);
      }
      return;
    }
    if (!active.matches('[data-t]')) return;
    const next = nextName(active, e.key);
    if (next === undefined) return;
    e.preventDefault();
    if (next) focusName(next);
  });
  // Focus leaving the name whose type shows (Tab, a click elsewhere) hides it.
  document.addEventListener('focusout', (e) => {
    if (anchor && e.target === anchor && !(e.relatedTarget instanceof Element && e.relatedTarget.matches('[data-t]'))) hide();
  });
  // The popup is placed in page coordinates: it follows a page scroll, not a code block's. A block that
  // scrolls to bring a focused name into view keeps its popup, placed again.
  document.addEventListener(
    'scroll',
    (e) => {
      if (e.target === document || !anchor) return;
      if (anchor === document.activeElement) show(anchor);
      else hide();
    },
    true,
  );
}

export function onRouteDidUpdate(): void {
  hide();
  // Tell assistive technology how to reach the types of a block that has them.
  for (const pre of Array.from(document.querySelectorAll('pre.prism-code'))) {
    if (pre.hasAttribute('aria-keyshortcuts') || !pre.querySelector('[data-t]')) continue;
    pre.setAttribute('aria-keyshortcuts', 'Enter');
    pre.setAttribute('aria-description', 'Press Enter to read the types of its names, then the arrow keys.');
  }
}
