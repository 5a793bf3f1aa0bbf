import { SimpleGrid } from '@mantine/core';
import { IconChartBar, IconClipboardList } from '@tabler/icons-react';
import { useActiveAssessments } from '../../../api/get-active-assessments';
import { useDepartments } from '../../../api/get-departments';
import { useHasOverview } from '../../../api/get-overview';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { DepartmentsCard, NavCard, NearbyCard } from '../../../ui/nav-cards';

/**
 * docs/product.md 2, home: active assessments with a count, departments with a count, nearby
 * properties; and the overview where the server offers it (docs/api.md "Extensions").
 */
export function HomeCards(props: { organizationId: string }) {
  const t = useTranslation();
  const active = useActiveAssessments(props.organizationId);
  const departments = useDepartments(props.organizationId);
  const hasOverview = useHasOverview();
  const count = (key: string, n: number | undefined) =>
    n === undefined ? t('home.count.loading') : t(pluralKey(key, n), { count: n });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xl">
      <NavCard
        to="/activeAssessments"
        icon={<IconClipboardList size={26} />}
        title={t('home.activeAssessments.title')}
        description={t('home.activeAssessments.description')}
        count={count('home.activeAssessments.count', active.data?.length)}
      />
      <DepartmentsCard count={count('home.departments.count', departments.data?.length)} />
      <NearbyCard />
      {hasOverview && (
        <NavCard
          to="/overview"
          icon={<IconChartBar size={26} />}
          title={t('overview.title')}
          description={t('overview.home.description')}
        />
      )}
    </SimpleGrid>
  );
}
