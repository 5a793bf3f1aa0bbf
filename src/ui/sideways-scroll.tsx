import { Box } from '@mantine/core';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A box that scrolls sideways when its content is wider than it (a table on a phone), so that the
 * page itself never does. While it scrolls it is a labelled region in the tab order: a keyboard
 * scrolls only what it can focus (axe's "scrollable-region-focusable"). When its content fits it
 * is no stop at all, where a region with nothing to scroll would be an empty stop.
 */
export function SidewaysScroll(props: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    measure();
    // The screen turns, the window narrows, the numbers change: measured again.
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <Box
      ref={ref}
      style={{ overflowX: 'auto' }}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': props.label } : {})}
    >
      {props.children}
    </Box>
  );
}
