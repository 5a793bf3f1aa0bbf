import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useHasWriteAccess } from '../../../../api/user-info';
import {
  assessmentsToAbandon,
  canUnlock,
  isUnlockable,
  overwriteKind,
} from '../../../../domain/residence-actions';
import { useTranslation } from '../../../../i18n/use-translation';
import { PageHeader } from '../../../../ui/page-header';
import { useLocatedAssessments } from '../../api/get-located-assessments';
import { useProperty } from '../../api/get-property';
import { AssessmentCard } from './assessment-card';
import { useStartAssessment } from './use-start-assessment';

type Dialog = { kind: 'overwrite' } | { kind: 'unlock'; assessmentId: string } | null;

/** Spec 2, /residence/{propertyId}: the residence's assessments and starting a new one. */
export function ResidenceScreen(props: { propertyId: string }) {
  const t = useTranslation();
  const canWrite = useHasWriteAccess();
  // Spec 2: back to the list the user came from, else to the residence's department.
  const origin = useRouterState({ select: (s) => s.location.state.origin });
  const property = useProperty(props.propertyId);
  const refs = useMemo(
    () =>
      property.data?.vurderinger.map((v) => ({ propertyId: props.propertyId, assessmentId: v.vurderingId })),
    [property.data, props.propertyId],
  );
  const located = useLocatedAssessments(refs);
  const assessments = useMemo(() => {
    const order = refs?.map((r) => r.assessmentId) ?? [];
    return [...(located.data ?? [])].sort(
      (a, b) => order.indexOf(a.assessmentId) - order.indexOf(b.assessmentId),
    );
  }, [located.data, refs]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const starter = useStartAssessment(props.propertyId);
  const kind = overwriteKind(assessments);

  if (property.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('general.loading')} />
      </Center>
    );
  }
  if (property.isError) {
    return (
      <Alert color="red" role="alert" title={t('general.error.title')}>
        {t('residence.error')}
      </Alert>
    );
  }

  const close = () => {
    setDialog(null);
    starter.resetError();
  };
  const hasAssessments = property.data.vurderinger.length > 0;

  return (
    <>
      {origin ? (
        <Anchor renderRoot={(rootProps) => <Link {...rootProps} to={origin} />} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {t('header.back.list')}
          </Group>
        </Anchor>
      ) : (
        <Anchor
          renderRoot={(rootProps) => (
            <Link
              {...rootProps}
              to="/departments/properties/$departmentId"
              params={{ departmentId: property.data.departmentId }}
            />
          )}
          size="sm"
        >
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {t('header.back.department')} {property.data.departmentName}
          </Group>
        </Anchor>
      )}
      <PageHeader title={property.data.beliggenhed}>
        {!canWrite && <Text>{t('residence.readOnly')}</Text>}
      </PageHeader>

      {starter.error !== null && dialog === null && (
        <Alert
          color="red"
          role="alert"
          mb="md"
          title={t('general.error.title')}
          withCloseButton
          onClose={starter.resetError}
          closeButtonLabel={t('general.close')}
        >
          {t('assessment.createNew.error')}
        </Alert>
      )}

      <Group justify="space-between" mb="sm">
        <Text component="h2" fw={700} size="xl">
          {t('residence.assessments.heading')}
        </Text>
        {canWrite && hasAssessments && (
          <Tooltip label={t('residence.newAssessment.aria')}>
            <ActionIcon
              size="xl"
              radius="xl"
              aria-label={t('residence.newAssessment.aria')}
              onClick={() => setDialog({ kind: 'overwrite' })}
            >
              <IconPlus aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>

      {!hasAssessments && (
        <Stack gap="md" align="flex-start">
          <Text>{t('residence.noAssessment')}</Text>
          {canWrite && (
            <Button size="md" loading={starter.pending} onClick={() => void starter.start()}>
              {t('residence.startScreening')}
            </Button>
          )}
        </Stack>
      )}
      {hasAssessments && located.isPending && (
        <Center py="md">
          <Loader aria-label={t('general.loading')} />
        </Center>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {assessments.map((a) => (
          <AssessmentCard
            key={a.assessmentId}
            assessment={a}
            onUnlock={
              canWrite && isUnlockable(a)
                ? () => setDialog({ kind: 'unlock', assessmentId: a.assessmentId })
                : undefined
            }
          />
        ))}
      </SimpleGrid>

      <Modal
        opened={dialog?.kind === 'overwrite' && kind !== null}
        onClose={close}
        title={kind ? t(`residence.overwrite.${kind}.title`) : ''}
        closeButtonProps={{ 'aria-label': t('general.close') }}
        centered
      >
        <Stack gap="md">
          <Text>{kind ? t(`residence.overwrite.${kind}.body`) : ''}</Text>
          {starter.error !== null && (
            <Alert color="red" role="alert">
              {t('assessment.dialog.overwrite.error')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('residence.overwrite.back')}
            </Button>
            {kind !== 'ready' && (
              <Button
                color="red.9"
                loading={starter.pending}
                onClick={() => void starter.start({ abandon: assessmentsToAbandon(assessments) })}
              >
                {t('residence.overwrite.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={dialog?.kind === 'unlock'}
        onClose={close}
        title={t('residence.unlock.dialog.title')}
        closeButtonProps={{ 'aria-label': t('general.close') }}
        centered
      >
        <Stack gap="md">
          <Text>
            {canUnlock(assessments)
              ? t('residence.unlock.dialog.body')
              : t('residence.unlock.existingAssessments')}
          </Text>
          {starter.error !== null && (
            <Alert color="red" role="alert">
              {t('assessment.dialog.unlock.error')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('residence.unlock.dialog.cancel')}
            </Button>
            {canUnlock(assessments) && dialog?.kind === 'unlock' && (
              <Button
                loading={starter.pending}
                disabled={starter.error !== null}
                onClick={() => void starter.start({ copyFrom: dialog.assessmentId })}
              >
                {t('residence.unlock.dialog.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
