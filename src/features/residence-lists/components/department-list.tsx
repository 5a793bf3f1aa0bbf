import { Button, Card, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { filterByName, PAGE_SIZE } from '../../../domain/paging';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { departmentsQueryOptions } from '../../../api/get-departments';
import classes from '../../../ui/link-cards.module.css';

/** docs/product.md 2, /departments: name filter, 21 per page with load more, empty departments disabled. */
export function DepartmentList(props: { organizationId: string }) {
  const t = useTranslation();
  const { data: departments } = useSuspenseQuery(departmentsQueryOptions(props.organizationId));
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);

  const matching = filterByName(departments, query, (d) => d.departmentName);
  return (
    <Stack gap="md">
      <TextInput
        label={t('departments.filter.label')}
        placeholder={t('departments.filter.placeholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setShown(PAGE_SIZE);
        }}
        maw={420}
      />
      {matching.length === 0 ? (
        <Text role="status">{t('departments.noneFound')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" className={classes.list}>
          {matching.slice(0, shown).map((d) => {
            const count =
              d.propertiesCount === 0
                ? t('departments.noProperties')
                : t(pluralKey('departments.propertiesCount', d.propertiesCount), {
                    count: d.propertiesCount,
                  });
            return (
              <li key={d.departmentId}>
                {d.propertiesCount === 0 ? (
                  <Card withBorder padding="md" radius="md" aria-disabled="true" className={classes.disabled}>
                    <Text fw={600}>{d.departmentName}</Text>
                    <Text size="sm">{count}</Text>
                  </Card>
                ) : (
                  <Card
                    renderRoot={(rootProps) => (
                      <Link
                        {...rootProps}
                        to="/departments/properties/$departmentId"
                        params={{ departmentId: d.departmentId }}
                      />
                    )}
                    withBorder
                    padding="md"
                    radius="md"
                    className={classes.card}
                  >
                    <Text fw={600}>{d.departmentName}</Text>
                    <Text size="sm" c="dimmed">
                      {count}
                    </Text>
                  </Card>
                )}
              </li>
            );
          })}
        </SimpleGrid>
      )}
      {matching.length > shown && (
        <div>
          <Button variant="default" onClick={() => setShown((n) => n + PAGE_SIZE)}>
            {t('departments.loadMore')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
