import { Paper, Stack, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './card-list.module.css';

/**
 * A list of residences or assessments as bordered cards, one per line (the bulk pages,
 * docs/product.md 2): a `ul` without bullets whose items are `CardListItem`s.
 */
export function CardList(props: { 'aria-label'?: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap={6} p={0} m={0} className={classes.list} aria-label={props['aria-label']}>
      {props.children}
    </Stack>
  );
}

/** One card of a `CardList`; `py` is its height (a line with a checkbox or badge needs less). */
export function CardListItem(props: { py?: PaperProps['py']; children: ReactNode }) {
  return (
    <Paper component="li" withBorder radius="md" px="sm" py={props.py ?? 'xs'}>
      {props.children}
    </Paper>
  );
}
