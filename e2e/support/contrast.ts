/**
 * Runs in the page: WCAG contrast of a focused element's focus indicator against the background next
 * to it. The indicator is the outline (or, when the outline is off, a box-shadow ring); the background
 * is the first opaque background colour of the element's parent chain, since the ring is drawn
 * outside the element (outline-offset).
 */
export interface FocusRing {
  ring: string;
  background: string;
  ratio: number;
  width: number;
}

export function focusRingContrast(el: Element): FocusRing {
  const parse = (c: string): [number, number, number, number] | null => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const parts = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
    return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
  };
  const luminance = ([r, g, b]: number[]) => {
    const lin = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  const style = getComputedStyle(el);
  let ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? style.outlineColor : '';
  let width = ring ? parseFloat(style.outlineWidth) : 0;
  if (!ring && style.boxShadow !== 'none') {
    // "rgb(…) 0px 0px 0px 2px": the first shadow with a spread.
    const m = style.boxShadow.match(/(rgba?\([^)]+\))\s+(?:-?[\d.]+px\s+){3}([\d.]+)px/);
    if (m) {
      ring = m[1]!;
      width = parseFloat(m[2]!);
    }
  }
  let node: Element | null = el.parentElement;
  let background = 'rgb(255, 255, 255)';
  while (node) {
    const bg = parse(getComputedStyle(node).backgroundColor);
    if (bg && bg[3] >= 0.99) {
      background = getComputedStyle(node).backgroundColor;
      break;
    }
    node = node.parentElement;
  }
  const fg = parse(ring);
  const bg = parse(background)!;
  if (!fg || fg[3] === 0) return { ring: ring || 'none', background, ratio: 1, width };
  // A translucent ring is blended over the background first.
  const blended = [0, 1, 2].map((i) => fg[i]! * fg[3] + bg[i]! * (1 - fg[3]));
  const [a, b] = [luminance(blended), luminance(bg)].sort((x, y) => y - x);
  return { ring, background, ratio: Math.round(((a! + 0.05) / (b! + 0.05)) * 100) / 100, width };
}
