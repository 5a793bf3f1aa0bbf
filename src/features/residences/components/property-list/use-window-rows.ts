import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The list's items rendered only while in view, for the table and the cards alike
 * (docs/architecture.md, "The big list"). The page scrolls, not the list: `ref` marks the
 * list's element, whose offset on the page (`scrollMargin`) the item positions include.
 */
export function useWindowRows<E extends HTMLElement>(options: {
  count: number;
  itemHeight: number;
  overscan: number;
}) {
  const ref = useRef<E>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    if (ref.current) setScrollMargin(ref.current.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: options.count,
    estimateSize: () => options.itemHeight,
    overscan: options.overscan,
    scrollMargin,
  });
  return { ref, virtualizer, scrollMargin };
}
