import { createFileRoute } from '@tanstack/react-router';
import { LoggedOutScreen } from '../features/session/components/logged-out-screen';

export const Route = createFileRoute('/loggedout')({
  // Where a locked session was, so that signing in again returns there (docs/product.md "Session").
  validateSearch: (search: Record<string, unknown>): { returnUrl?: string } =>
    typeof search.returnUrl === 'string' ? { returnUrl: search.returnUrl } : {},
  component: LoggedOutRoute,
});

function LoggedOutRoute() {
  const { returnUrl } = Route.useSearch();
  return <LoggedOutScreen returnUrl={returnUrl} />;
}
