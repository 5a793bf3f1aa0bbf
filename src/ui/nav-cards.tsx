import { Card, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingCommunity, IconMapPin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import classes from './link-cards.module.css';

/** A card leading to one way to a residence: an icon, its title, maybe a count, and what it offers. */
export function NavCard(props: {
  to: '/activeAssessments' | '/departments' | '/properties/nearby' | '/overview';
  icon: ReactNode;
  title: string;
  description: string;
  count?: string;
}) {
  return (
    <Card component={Link} to={props.to} withBorder padding="lg" radius="md" className={classes.card}>
      <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
        {props.icon}
      </ThemeIcon>
      <Title order={2} size="h3" mt="sm">
        {props.title}
      </Title>
      {props.count !== undefined && (
        <Text fw={600} c="brand.8">
          {props.count}
        </Text>
      )}
      <Text c="dimmed" size="sm" mt={4}>
        {props.description}
      </Text>
    </Card>
  );
}

/** The way to a residence through its department (home, and the search page). */
export function DepartmentsCard(props: { count?: string }) {
  const t = useTranslation();
  return (
    <NavCard
      to="/departments"
      icon={<IconBuildingCommunity size={26} />}
      title={t('home.departments.title')}
      description={t('home.departments.description')}
      count={props.count}
    />
  );
}

/** The way to the residences where the user stands (home, and the search page). */
export function NearbyCard() {
  const t = useTranslation();
  return (
    <NavCard
      to="/properties/nearby"
      icon={<IconMapPin size={26} />}
      title={t('home.nearby.title')}
      description={t('home.nearby.description')}
    />
  );
}
