import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './message-page.module.css';
import { usePageTitle } from './use-page-title';

/** A page with a heading, a text and actions: login, logged out, 404, errors. */
export function MessagePage(props: { title: string; description?: ReactNode; children?: ReactNode }) {
  usePageTitle(props.title);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} className={classes.title}>
          {props.title}
        </Title>
        {props.description !== undefined && <Text size="lg">{props.description}</Text>}
        {props.children}
      </Stack>
    </Container>
  );
}
