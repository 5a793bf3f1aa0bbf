import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useMemo } from 'react';
import { activeAssessmentsQueryOptions } from '../../../api/get-active-assessments';
import { useHasHistory } from '../../../api/get-assessment-history';
import { departmentsQueryOptions } from '../../../api/get-departments';
import { applyActiveListSearch, type ActiveListSearch } from '../../../../shared/rules/active-list-filters';

/**
 * The active list as the URL asks for it (shared/rules/active-list-filters.ts): every entry, the
 * entries shown, and the departments that have any, in the organization's order. Without the
 * authors (a server with only the spec's API) "Mine" cannot be told and is not applied.
 */
export function useActiveList(organizationId: string, asked: ActiveListSearch) {
  const me = useRouteContext({ from: '/_signedIn', select: (c) => c.session.ssoUuid });
  const { data: all } = useSuspenseQuery(activeAssessmentsQueryOptions(organizationId));
  const { data: departments } = useQuery(departmentsQueryOptions(organizationId));
  const hasAuthors = useHasHistory();
  const search = useMemo(() => (hasAuthors ? asked : { ...asked, mine: undefined }), [asked, hasAuthors]);
  const shown = useMemo(() => applyActiveListSearch(all, search, me), [all, search, me]);
  const listed = useMemo(() => {
    const ids = new Set(all.map((a) => a.departmentId.toLowerCase()));
    return (departments ?? []).filter((d) => ids.has(d.departmentId.toLowerCase()));
  }, [all, departments]);
  return { all, shown, search, departments: listed, hasAuthors };
}
