import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { filterByName, PAGE_SIZE } from '../../../domain/paging';
import { useTranslation } from '../../../i18n/use-translation';
import { activeOrganization } from '../../../offline/active-organization';
import { useActiveOrganization } from '../active-organization';
import type { Organization } from '../../../api/get-organizations';

/** docs/product.md 2, `/organizations`: name filter, 21 per page with load more, choose one. */
export function OrganizationPicker(props: {
  organizations: Organization[];
  onChosen: (organization: Organization) => void;
}) {
  const t = useTranslation();
  const active = useActiveOrganization();
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);
  const matching = filterByName(props.organizations, query, (o) => o.name);
  const visible = matching.slice(0, shown);

  const choose = (organization: Organization) => {
    activeOrganization.set({ id: organization.id, name: organization.name });
    props.onChosen(organization);
  };

  return (
    <Stack gap="md">
      <TextInput
        label={t('organizations.filter.label')}
        placeholder={t('organizations.filter.placeholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setShown(PAGE_SIZE);
        }}
        maw={420}
      />
      {matching.length === 0 ? (
        <Text role="status">{t('organizations.noneFound')}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {visible.map((organization) => (
            <Card component="li" key={organization.id} withBorder padding="md" radius="md">
              <Group justify="space-between" wrap="nowrap" gap="sm" h="100%">
                <div>
                  <Text fw={600}>{organization.name}</Text>
                  {active?.id === organization.id && (
                    <Text size="sm" c="dimmed">
                      {t('organizations.active')}
                    </Text>
                  )}
                </div>
                <Button
                  style={{ flexShrink: 0 }}
                  onClick={() => choose(organization)}
                  aria-label={t('organizations.choose.aria', { organizationName: organization.name })}
                >
                  {t('organizations.choose')}
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {matching.length > shown && (
        <div>
          <Button variant="default" onClick={() => setShown((n) => n + PAGE_SIZE)}>
            {t('organizations.loadMore')}
          </Button>
        </div>
      )}
    </Stack>
  );
}

export function OrganizationsError(props: { onRetry: () => void }) {
  const t = useTranslation();
  return (
    <Alert color="red" title={t('general.error.title')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{t('organization.error')}</Text>
        <Button variant="default" onClick={props.onRetry}>
          {t('general.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
