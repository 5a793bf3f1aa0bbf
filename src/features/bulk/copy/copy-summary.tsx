import { useEffect } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { cancelRoute, isCopyRunning } from '../../../domain/bulk-mode';
import { pasteBlock } from '../../../domain/bulk-selection';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { StatusBadge } from '../../../ui/status-badge';
import { useOnline } from '../../../ui/use-online';
import { useBulkMode } from '../hooks/use-bulk-mode';
import { useCopyJob } from '../hooks/use-copy-job';
import { CopyProgress } from './copy-progress';
import { OverwriteWarning } from './overwrite-warning';
import { ReasonedButton } from '../../../ui/reasoned-button';
import { TargetList } from './target-list';
import { jobStartMessage } from '../../../ui/job-start-error';
import { dismissCopyStartedToast } from '../../../ui/copy-started-toast';

/** Where "choose more on the list" may return: a department's residence list. */
const isList = (path: string | null) => path?.startsWith('/departments/properties/') ?? false;

/**
 * /copy (docs/product.md 2): the assessment being copied, the residences chosen for it (each can
 * be removed), the overwrite warning, Paste with the count (docs/product.md 5: not without
 * targets, not offline) and Cancel back to where the copy began. The progress dialog of the
 * pasted copy runs here, also after a reload.
 */
export function CopySummary() {
  const t = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const { state, dispatch } = useBulkMode();
  const copyJob = useCopyJob();
  useEffect(dismissCopyStartedToast, []);
  const running = isCopyRunning(state);
  const { source, targets } = state;
  const choosing = state.mode === 'copying' || running;

  if (!choosing || !source) {
    return (
      <>
        <PageHeader title={t('copy.summary.title')} />
        <Text role="status">{t('copy.summary.notCopying')}</Text>
      </>
    );
  }

  const block = pasteBlock(targets.length, online);
  const cancel = () => {
    const origin = cancelRoute(state);
    dispatch({ type: 'cancel' });
    void navigate({ to: origin });
  };
  const remove = (propertyId: string) =>
    dispatch({
      type: 'selectTargets',
      targets: targets.filter((target) => target.propertyId !== propertyId),
    });
  const startError = copyJob.startError;

  return (
    <>
      <PageHeader
        title={t('copy.summary.title')}
        description={t('copy.summary.description', { source: source.location })}
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="copy-source">
          <Text size="sm" c="gray.7" id="copy-source">
            {t('copy.summary.source')}
          </Text>
          <Group gap="xs">
            <Text fw={700}>{source.location}</Text>
            <StatusBadge status={source.status} />
          </Group>
        </Paper>

        <section aria-labelledby="copy-targets">
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h3" id="copy-targets">
              {t(targets.length === 1 ? 'copy.summary.targets.one' : 'copy.summary.targets.other', {
                count: targets.length,
              })}
            </Title>
            <Group gap="sm">
              {isList(state.origin) && state.origin && !running && (
                <Anchor renderRoot={(p) => <Link {...p} to={state.origin!} />}>
                  {t('copy.summary.backToList')}
                </Anchor>
              )}
              {!running && (
                <Anchor
                  renderRoot={(p) => (
                    <Link
                      {...p}
                      to="/copy/$propertyId/$assessmentId"
                      params={{ propertyId: source.propertyId, assessmentId: source.assessmentId }}
                    />
                  )}
                >
                  {t('copy.summary.addBySearch')}
                </Anchor>
              )}
            </Group>
          </Group>
          <TargetList targets={targets} onRemove={remove} disabled={running} />
        </section>

        <OverwriteWarning targets={targets} />

        {startError && !running && (
          <Alert color="red" role="alert" title={t('propertiesList.copyProperties.error.title')}>
            <Text size="sm">{t('propertiesList.copyProperties.error.description')}</Text>
            <Text size="sm">{jobStartMessage(startError, t)}</Text>
          </Alert>
        )}

        <Group justify="flex-end" align="flex-start">
          <Button variant="default" onClick={cancel} disabled={running}>
            {t('propertiesList.action.cancel')}
          </Button>
          <ReasonedButton
            label={t('copy.paste', { count: targets.length })}
            disabledReason={
              block === 'noTargets'
                ? t('copy.paste.disabled')
                : block === 'offline'
                  ? t('bulkCopy.offline')
                  : null
            }
            loading={running}
            onClick={copyJob.paste}
          />
        </Group>
      </Stack>
      <CopyProgress
        opened={running || copyJob.job !== null}
        job={copyJob.job}
        targetCount={targets.length}
        targets={targets}
        startError={running && startError ? jobStartMessage(startError, t) : null}
        onClose={copyJob.closeFailed}
        onStop={copyJob.stop}
      />
    </>
  );
}
