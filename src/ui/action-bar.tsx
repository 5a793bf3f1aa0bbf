import { useEffect, useRef, type ReactNode } from 'react';
import classes from './action-bar.module.css';

/** The room each action bar on screen takes at the bottom of the viewport. */
const occupied = new Map<HTMLElement, number>();

/**
 * Tells the page how much of its bottom edge the action bars take (`--bt-action-bar-space`):
 * toasts stand above them (toasts.module.css), so that a toast never covers "Videre" or
 * "Godkend" for the seconds it is shown.
 */
function publishSpace(): void {
  const space = Math.max(0, ...occupied.values());
  document.documentElement.style.setProperty('--bt-action-bar-space', `${space}px`);
}

/**
 * The page-bottom action bar of the residence lists and the bulk pages (docs/product.md 2): a
 * labelled region, so a screen reader can jump to the actions of what is selected.
 */
export function ActionBar(props: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      occupied.set(bar, bar.offsetHeight + (parseFloat(getComputedStyle(bar).bottom) || 0));
      publishSpace();
    };
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      occupied.delete(bar);
      publishSpace();
    };
  }, []);
  return (
    <div ref={ref} className={classes.bar} role="region" aria-label={props.label}>
      {props.children}
    </div>
  );
}
