import { Alert, Center, Group, Loader, NativeSelect } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { useDepartments } from '../api/get-departments';
import { usePropertiesByDepartment } from '../api/get-properties-by-department';
import { PropertyList } from './property-list/property-list';

/** Spec 2, /departments/properties/{departmentId}: titled with the department, with a switcher. */
export function DepartmentProperties(props: { organizationId: string; departmentId: string }) {
  const t = useTranslation();
  const navigate = useNavigate();
  const departments = useDepartments(props.organizationId);
  const properties = usePropertiesByDepartment(props.departmentId);
  const department = departments.data?.find((d) => d.departmentId === props.departmentId);

  return (
    <>
      <PageHeader
        title={department?.departmentName ?? t('departments.title')}
        description={t('propertiesList.description')}
      >
        {departments.data && departments.data.length > 1 && (
          <Group>
            <NativeSelect
              label={t('departments.switcher.label')}
              value={props.departmentId}
              onChange={(e) =>
                void navigate({
                  to: '/departments/properties/$departmentId',
                  params: { departmentId: e.currentTarget.value },
                })
              }
              data={departments.data
                .filter((d) => d.propertiesCount > 0)
                .map((d) => ({ value: d.departmentId, label: d.departmentName }))}
              maw={360}
            />
          </Group>
        )}
      </PageHeader>
      {properties.isPending && (
        <Center py="xl">
          <Loader aria-label={t('general.loading')} />
        </Center>
      )}
      {properties.isError && (
        <Alert color="red" role="alert" title={t('general.error.title')}>
          {t('propertiesList.error')}
        </Alert>
      )}
      {properties.data && <PropertyList key={props.departmentId} rows={properties.data} />}
    </>
  );
}
