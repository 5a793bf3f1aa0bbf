import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { WITHOUT_ORGANIZATION_PATHS } from '../../../domain/session-rules';
import { activeOrganization } from '../../../offline/active-organization';
import { useActiveOrganization } from '../active-organization';
import { useOrganizations } from '../api/get-organizations';

/**
 * Spec 2: signed-in users with no organization selected are sent to /organizations, with
 * where they were as the origin to return to. A remembered organization the user no longer
 * belongs to is forgotten.
 */
export function useRequireOrganization(signedIn: boolean): void {
  const active = useActiveOrganization();
  const organizations = useOrganizations(signedIn);
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location });

  useEffect(() => {
    if (active && organizations.data && !organizations.data.some((o) => o.id === active.id)) {
      activeOrganization.clear();
    }
  }, [active, organizations.data]);

  useEffect(() => {
    if (!signedIn || active || WITHOUT_ORGANIZATION_PATHS.includes(location.pathname)) return;
    void navigate({
      to: '/organizations',
      search: { origin: `${location.pathname}${location.searchStr}` },
      replace: true,
    });
  }, [signedIn, active, location.pathname, location.searchStr, navigate]);
}
