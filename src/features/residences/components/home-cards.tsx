import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingCommunity, IconClipboardList, IconMapPin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { useActiveAssessments } from '../../../api/get-active-assessments';
import { useDepartments } from '../../../api/get-departments';
import classes from './home-cards.module.css';

function HomeCard(props: {
  to: '/activeAssessments' | '/departments' | '/properties/nearby';
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

/** docs/product.md 2, home: active assessments with a count, departments with a count, nearby properties. */
export function HomeCards(props: { organizationId: string }) {
  const t = useTranslation();
  const active = useActiveAssessments(props.organizationId);
  const departments = useDepartments(props.organizationId);
  const count = (key: string, n: number | undefined) =>
    n === undefined ? t('home.count.loading') : t(pluralKey(key, n), { count: n });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xl">
      <HomeCard
        to="/activeAssessments"
        icon={<IconClipboardList size={26} />}
        title={t('home.activeAssessments.title')}
        description={t('home.activeAssessments.description')}
        count={count('home.activeAssessments.count', active.data?.length)}
      />
      <DepartmentsCard count={count('home.departments.count', departments.data?.length)} />
      <NearbyCard />
    </SimpleGrid>
  );
}

/** The way to a residence through its department (home, and the search page). */
export function DepartmentsCard(props: { count?: string }) {
  const t = useTranslation();
  return (
    <HomeCard
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
    <HomeCard
      to="/properties/nearby"
      icon={<IconMapPin size={26} />}
      title={t('home.nearby.title')}
      description={t('home.nearby.description')}
    />
  );
}
