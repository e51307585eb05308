import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The theme's `useCodeWordWrap` (theme-common 3.10.2) with the same result (a ref for the block's
 * `<pre>`, whether wrapping is on, whether the code is wider than the block, and the toggle), measured
 * differently: a ResizeObserver reports the block when it is first laid out, when the window resizes it
 * and when a hidden tab panel holding it is shown, after layout, so loading a page forces no layout per
 * block. The theme's version reads `scrollWidth` in an effect of every block (a forced layout after
 * hydration) and watches tab panels through `useMutationObserver`, whose options memo sorts keys with
 * `localeCompare`: the first call of that on a page starts ICU's collator, about 30 ms of main thread
 * on a desktop CPU (see ARCHITECTURE.md, "Hydration cost").
 *
 * A block the browser skips off screen (`content-visibility: auto`) is measured when it is first
 * drawn: reading its width while skipped would lay out its code at once, which is what skipping saves.
 */
export function useCodeWordWrap() {
  const [isEnabled, setIsEnabled] = useState(false);
  const [isCodeScrollable, setIsCodeScrollable] = useState(false);
  const codeBlockRef = useRef<HTMLPreElement>(null);

  const updateCodeIsScrollable = useCallback(() => {
    const pre = codeBlockRef.current;
    if (!pre || isSkipped(pre)) return;
    const code = pre.querySelector('code');
    // The code's own width too: a block whose contents the browser skips reports its own size as its
    // scroll width, while asking its code lays that out.
    setIsCodeScrollable(Math.max(pre.scrollWidth, code?.scrollWidth ?? 0) > pre.clientWidth || !!code?.hasAttribute('style'));
  }, []);

  const toggle = useCallback(() => {
    const code = codeBlockRef.current?.querySelector('code');
    if (!code) return;
    if (isEnabled) {
      code.removeAttribute('style');
    } else {
      code.style.whiteSpace = 'pre-wrap';
      // Very long words and strings wrap too, so no scrollbar is left.
      code.style.overflowWrap = 'anywhere';
    }
    setIsEnabled((value) => !value);
  }, [isEnabled]);

  useEffect(() => {
    const pre = codeBlockRef.current;
    if (!pre || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => updateCodeIsScrollable());
    observer.observe(pre);
    const drawn = (event: Event) => {
      if (!(event as Event & { skipped?: boolean }).skipped) updateCodeIsScrollable();
    };
    pre.addEventListener('contentvisibilityautostatechange', drawn);
    return () => {
      observer.disconnect();
      pre.removeEventListener('contentvisibilityautostatechange', drawn);
    };
  }, [updateCodeIsScrollable]);

  // After a toggle (not on mount: the observer's first report covers that), wrapping changes the width.
  const toggled = useRef(false);
  useEffect(() => {
    if (toggled.current) updateCodeIsScrollable();
    toggled.current = true;
  }, [isEnabled, updateCodeIsScrollable]);

  return { codeBlockRef, isEnabled, isCodeScrollable, toggle };
}

/**
 * Whether the browser is skipping the rendering of the block's contents (off screen) and will say when
 * it draws them. A browser without the event is measured at once, as before.
 */
function isSkipped(pre: HTMLElement): boolean {
  const code = pre.firstElementChild;
  return (
    'ContentVisibilityAutoStateChangeEvent' in window &&
    !!code &&
    typeof code.checkVisibility === 'function' &&
    !code.checkVisibility({ contentVisibilityAuto: true })
  );
}
