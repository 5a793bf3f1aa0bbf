import { useWindowVirtualizer, windowScroll, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The window's size for the virtualizer, from resize events only. The library's own observer
 * also reads `innerWidth` once when it starts, in a layout effect: on a phone (a viewport meta
 * tag) that read lays the page out inside the commit, the list's first, and the browser then
 * styles it again for the paint. The size at the start is `initialRect`, read in the render.
 */
function observeWindowResize(
  instance: Virtualizer<Window, Element>,
  report: (rect: { width: number; height: number }) => void,
) {
  const win = instance.scrollElement;
  if (!win) return;
  const onResize = () => report({ width: win.innerWidth, height: win.innerHeight });
  win.addEventListener('resize', onResize, { passive: true });
  return () => win.removeEventListener('resize', onResize);
}

/**
 * The virtualizer's scrolling of the window, less the write it makes when it attaches: there
 * it scrolls the window to where it believes the window is (0), which lays the whole page out
 * inside the first commit (on a phone the longest part of the list's first task). The page is
 * where the router put it, at the top or where the user left it; our lists give no scroll
 * commands and their rows have fixed heights, so nothing is lost.
 */
function scrollWindowAfterAttach(): typeof windowScroll {
  let attached = false;
  return (offset, options, instance) => {
    if (!attached) {
      attached = true;
      return;
    }
    windowScroll(offset, options, instance);
  };
}

/**
 * The list's items rendered only while in view, for the table and the cards alike
 * (docs/performance.md, "The big list"). The page scrolls, not the list: `ref` marks the
 * list's element, whose offset on the page (`scrollMargin`) the item positions include.
 *
 * The offset is read when the browser has laid the list out (a ResizeObserver reports after
 * layout), not in a layout effect: there the read forced the page's first layout inside the
 * commit and its state update rendered the list a second time in the same task, the longest
 * task of the page's start. Until then the offset is 0, which at the top of the page renders
 * the rows in view and a few more; the rows' positions within the list do not depend on it.
 * A caller that needs the list's element itself passes its own `ref`.
 */
export function useWindowRows<E extends HTMLElement>(options: {
  count: number;
  itemHeight: number;
  overscan: number;
  ref?: RefObject<E | null>;
}) {
  const ownRef = useRef<E>(null);
  const ref = options.ref ?? ownRef;
  const [scrollMargin, setScrollMargin] = useState(0);
  // The window's size from the start (the virtualizer's default is 0 by 0, read in a layout
  // effect): the first render then mounts the rows in view in React's interruptible render,
  // not in a synchronous second render inside the commit. Read once: in a keystroke's render
  // it could force a layout.
  const [initialRect] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const [scrollToFn] = useState(scrollWindowAfterAttach);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    // Once, as before: a keystroke that changes the list's height must not add a task.
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      measure();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  const virtualizer = useWindowVirtualizer({
    count: options.count,
    estimateSize: () => options.itemHeight,
    overscan: options.overscan,
    scrollMargin,
    initialRect,
    observeElementRect: observeWindowResize,
    scrollToFn,
  });
  return { ref, virtualizer, scrollMargin };
}
