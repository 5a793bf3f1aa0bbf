import { Group, NativeSelect } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { DisplayStatus } from '../../../../shared/rules/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { departmentsQueryOptions } from '../../../api/get-departments';
import { propertiesByDepartmentQueryOptions } from '../../../api/get-properties-by-department';
import { TakeAlongDepartmentButton } from '../../../ui/take-along-buttons';
import { PropertyList } from './property-list/property-list';

/**
 * docs/product.md 2, /departments/properties/{departmentId}: titled with the department, with a
 * switcher. `guidance` is the page's "Se tip" button (docs/product.md 4), composed by the route.
 */
export function DepartmentProperties(props: {
  organizationId: string;
  departmentId: string;
  guidance?: ReactNode;
  /** Shown filtered by this status (a link from the overview). */
  status?: DisplayStatus;
}) {
  const t = useTranslation();
  const navigate = useNavigate();
  const { data: departments } = useSuspenseQuery(departmentsQueryOptions(props.organizationId));
  const { data: properties } = useSuspenseQuery(propertiesByDepartmentQueryOptions(props.departmentId));
  const department = departments.find((d) => d.departmentId === props.departmentId);

  return (
    <>
      <PageHeader
        title={department?.departmentName ?? t('departments.title')}
        description={t('propertiesList.description')}
      >
        {(departments.length > 1 || props.guidance) && (
          <Group justify="space-between" align="flex-end" gap="sm">
            {departments.length > 1 && (
              <NativeSelect
                label={t('departments.switcher.label')}
                value={props.departmentId}
                onChange={(e) =>
                  void navigate({
                    to: '/departments/properties/$departmentId',
                    params: { departmentId: e.currentTarget.value },
                  })
                }
                data={departments
                  .filter((d) => d.propertiesCount > 0)
                  .map((d) => ({ value: d.departmentId, label: d.departmentName }))}
                maw={360}
                style={{ flex: '1 1 16rem' }}
              />
            )}
            {props.guidance && <Group ml="auto">{props.guidance}</Group>}
          </Group>
        )}
        {/* "Tag med offline": the whole department on the device before a day without signal. */}
        <Group>
          <TakeAlongDepartmentButton
            organizationId={props.organizationId}
            departmentId={props.departmentId}
            departmentName={department?.departmentName ?? props.departmentId}
          />
        </Group>
      </PageHeader>
      <PropertyList
        key={`${props.departmentId}:${props.status ?? ''}`}
        rows={properties}
        initialStatus={props.status}
        exportScope={{ organizationId: props.organizationId, departmentId: props.departmentId }}
      />
    </>
  );
}
