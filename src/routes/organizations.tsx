import { Container, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { safeReturnPath } from '../domain/session-rules';
import { useOrganizations } from '../features/organizations/api/get-organizations';
import {
  OrganizationPicker,
  OrganizationsError,
  OrganizationsLoading,
} from '../features/organizations/components/organization-picker';
import { LogoutButton } from '../features/session/components/logout-button';
import { useToken } from '../features/session/use-token';
import { useTranslation } from '../i18n/use-translation';
import { activeOrganization } from '../offline/active-organization';
import { usePageTitle } from '../ui/use-page-title';

export const Route = createFileRoute('/organizations')({
  validateSearch: (search: Record<string, unknown>): { origin?: string } =>
    typeof search.origin === 'string' ? { origin: search.origin } : {},
  component: OrganizationsRoute,
});

function OrganizationsRoute() {
  const t = useTranslation();
  usePageTitle(t('organizations.title'));
  const { origin } = Route.useSearch();
  const navigate = useNavigate();
  const organizations = useOrganizations(useToken() !== null);
  const goBack = () => void navigate({ href: safeReturnPath(origin), replace: true });

  // Spec 2: with exactly one organization it is chosen automatically.
  const only = organizations.data?.length === 1 ? organizations.data[0] : undefined;
  useEffect(() => {
    if (only) {
      activeOrganization.set(only);
      void navigate({ href: safeReturnPath(origin), replace: true });
    }
  }, [only, origin, navigate]);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('organizations.title')}</Title>
          <Text c="dimmed">{t('organizations.description')}</Text>
        </div>
        {organizations.isPending && organizations.fetchStatus !== 'idle' && <OrganizationsLoading />}
        {organizations.isError && <OrganizationsError onRetry={() => void organizations.refetch()} />}
        {organizations.data?.length === 0 && (
          <Stack gap="md" align="flex-start">
            <Title order={2} size="h3">
              {t('organizations.noOrganization.title')}
            </Title>
            <Text>{t('organization.noOrganization')}</Text>
            <LogoutButton label={t('organizations.logout')} />
          </Stack>
        )}
        {organizations.data && organizations.data.length > 1 && (
          <OrganizationPicker organizations={organizations.data} onChosen={goBack} />
        )}
      </Stack>
    </Container>
  );
}
