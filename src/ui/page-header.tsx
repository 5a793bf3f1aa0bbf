import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-header.module.css';
import { usePageTitle } from './use-page-title';

/**
 * A screen's heading (and the document title), with an optional description and actions. The
 * heading can take focus (not by Tab): a page change that took the focused element with it moves
 * focus here (src/app/focus-after-navigation.ts).
 */
export function PageHeader(props: { title: string; description?: ReactNode; children?: ReactNode }) {
  usePageTitle(props.title);
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} tabIndex={-1} className={classes.title}>
        {props.title}
      </Title>
      {props.description !== undefined && <Text c="dimmed">{props.description}</Text>}
      {props.children}
    </Stack>
  );
}
