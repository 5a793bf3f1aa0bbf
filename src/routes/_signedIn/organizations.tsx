import { Container, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { organizationsQueryOptions } from '../../api/get-organizations';
import { safeReturnPath } from '../../../shared/rules/session-rules';
import {
  OrganizationPicker,
  OrganizationsError,
} from '../../features/organizations/components/organization-picker';
import { LogoutButton } from '../../features/session/components/logout-button';
import { useTranslation } from '../../i18n/use-translation';
import { activeOrganization } from '../../offline/active-organization';
import { usePageTitle } from '../../ui/use-page-title';

export const Route = createFileRoute('/_signedIn/organizations')({
  validateSearch: (search: Record<string, unknown>): { origin?: string } =>
    typeof search.origin === 'string' ? { origin: search.origin } : {},
  loaderDeps: ({ search }) => ({ origin: search.origin }),
  loader: async ({ context, deps }) => {
    const organizations = await context.queryClient.ensureQueryData(organizationsQueryOptions());
    // docs/product.md 2: with exactly one organization it is chosen automatically.
    if (organizations.length === 1) {
      activeOrganization.set(organizations[0]!);
      throw redirect({ href: safeReturnPath(deps.origin), replace: true });
    }
  },
  component: OrganizationsRoute,
  errorComponent: OrganizationsFailed,
});

/** docs/product.md 8: organization.error, with a retry. */
function OrganizationsFailed() {
  const router = useRouter();
  return (
    <Container size="lg" py="xl">
      <OrganizationsError onRetry={() => void router.invalidate()} />
    </Container>
  );
}

function OrganizationsRoute() {
  const t = useTranslation();
  usePageTitle(t('organizations.title'));
  const { origin } = Route.useSearch();
  const navigate = useNavigate();
  const { data: organizations } = useSuspenseQuery(organizationsQueryOptions());
  const goBack = () => void navigate({ href: safeReturnPath(origin), replace: true });

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('organizations.title')}</Title>
          <Text c="dimmed">{t('organizations.description')}</Text>
        </div>
        {organizations.length === 0 ? (
          <Stack gap="md" align="flex-start">
            <Title order={2} size="h3">
              {t('organizations.noOrganization.title')}
            </Title>
            <Text>{t('organization.noOrganization')}</Text>
            <LogoutButton label={t('organizations.logout')} />
          </Stack>
        ) : (
          <OrganizationPicker organizations={organizations} onChosen={goBack} />
        )}
      </Stack>
    </Container>
  );
}
