import { Center, Loader } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { safeReturnPath } from '../domain/session-rules';
import { organizationsQueryOptions } from '../features/organizations/api/get-organizations';
import { signIn } from '../features/session/sign-in';
import { useTranslation } from '../i18n/use-translation';
import { activeOrganization } from '../offline/active-organization';
import { ErrorScreen } from '../ui/error-screen';

interface CallbackSearch {
  token?: string;
  returnPath?: string;
}

export const Route = createFileRoute('/loginCallback')({
  validateSearch: (search: Record<string, unknown>): CallbackSearch => ({
    token: typeof search.token === 'string' ? search.token : undefined,
    returnPath: typeof search.returnPath === 'string' ? search.returnPath : undefined,
  }),
  component: LoginCallback,
});

/**
 * Spec 2: store the token, load the organizations; exactly one is chosen automatically and
 * the user goes to returnPath (default /), otherwise to /organizations.
 */
function LoginCallback() {
  const t = useTranslation();
  const { token, returnPath } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const target = safeReturnPath(returnPath);
    void (async () => {
      try {
        if (!token) throw new Error('Invalid token specified: no token');
        await signIn(token, queryClient);
        const organizations = await queryClient.fetchQuery(organizationsQueryOptions());
        if (organizations.length === 1) {
          activeOrganization.set(organizations[0]!);
          await navigate({ href: target, replace: true });
        } else {
          await navigate({ to: '/organizations', search: { origin: target }, replace: true });
        }
      } catch (e) {
        setError(e);
      }
    })();
  }, [token, returnPath, navigate, queryClient]);

  if (error) return <ErrorScreen error={error} />;
  return (
    <Center py="xl">
      <Loader aria-label={t('login.callback.loading')} />
    </Center>
  );
}
