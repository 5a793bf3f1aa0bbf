import type { ReactNode } from 'react';
import classes from './action-bar.module.css';

/**
 * The page-bottom action bar of the residence lists and the bulk pages (docs/product.md 2): a
 * labelled region, so a screen reader can jump to the actions of what is selected.
 */
export function ActionBar(props: { label: string; children: ReactNode }) {
  return (
    <div className={classes.bar} role="region" aria-label={props.label}>
      {props.children}
    </div>
  );
}
