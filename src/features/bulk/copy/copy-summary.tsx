import { useEffect } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { cancelRoute, isCopyRunning, type BulkSource, type BulkTarget } from '../../../domain/bulk-mode';
import { pasteBlock } from '../../../domain/bulk-selection';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { StatusBadge } from '../../../ui/status-badge';
import { reachReason, useServerReach } from '../../../ui/use-server-reach';
import { useBulkMode } from '../hooks/use-bulk-mode';
import { useCopyJob } from '../hooks/use-copy-job';
import { CopyProgress } from './copy-progress';
import { OverwriteWarning } from './overwrite-warning';
import { ReasonedButton } from '../../../ui/reasoned-button';
import { TargetList } from './target-list';
import { jobStartMessage } from '../../../ui/job-start-error';
import { dismissCopyStartedToast } from '../../../ui/copy-started-toast';
import { useHasPhotos } from '../../../api/photos';

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
  const reach = useServerReach();
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
        <CopySource source={source} />

        <CopyTargets
          origin={state.origin}
          source={source}
          targets={targets}
          running={running}
          onRemove={remove}
        />

        <OverwriteWarning targets={targets} />

        {startError && !running && (
          <Alert color="red" role="alert" title={t('propertiesList.copyProperties.error.title')}>
            <Text size="sm">{t('propertiesList.copyProperties.error.description')}</Text>
            <Text size="sm">{jobStartMessage(startError, t)}</Text>
          </Alert>
        )}

        <PasteOrCancel
          targetCount={targets.length}
          block={pasteBlock(targets.length, reach)}
          running={running}
          onCancel={cancel}
          onPaste={copyJob.paste}
        />
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

/** The assessment being copied: its residence and status. */
function CopySource(props: { source: BulkSource }) {
  const t = useTranslation();
  const hasPhotos = useHasPhotos();
  const { source } = props;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="copy-source">
      <Text size="sm" c="gray.7" id="copy-source">
        {t('copy.summary.source')}
      </Text>
      <Group gap="xs">
        <Text fw={700}>{source.location}</Text>
        <StatusBadge status={source.status} futureApprovedDate={source.futureApprovedDate} />
      </Group>
      {hasPhotos && (
        <Text size="sm" mt="xs">
          {t('copy.summary.noPhotos')}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The residences chosen for the copy, each removable until it is pasted, with the ways to choose
 * more: back to the department's list it began on, or by address search.
 */
function CopyTargets(props: {
  /** Where the copy began. */
  origin: string | null;
  source: BulkSource;
  targets: readonly BulkTarget[];
  running: boolean;
  onRemove: (propertyId: string) => void;
}) {
  const t = useTranslation();
  const { origin, source, targets, running } = props;
  return (
    <section aria-labelledby="copy-targets">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="copy-targets">
          {t(targets.length === 1 ? 'copy.summary.targets.one' : 'copy.summary.targets.other', {
            count: targets.length,
          })}
        </Title>
        <Group gap="sm">
          {isList(origin) && origin && !running && (
            <Anchor renderRoot={(p) => <Link {...p} to={origin} />}>{t('copy.summary.backToList')}</Anchor>
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
      <TargetList targets={targets} onRemove={props.onRemove} disabled={running} />
    </section>
  );
}

/**
 * Cancel back to where the copy began, and Paste with the count (docs/product.md 5: not without
 * targets, not offline).
 */
function PasteOrCancel(props: {
  targetCount: number;
  block: ReturnType<typeof pasteBlock>;
  running: boolean;
  onCancel: () => void;
  onPaste: () => void;
}) {
  const t = useTranslation();
  return (
    <Group justify="flex-end" align="flex-start">
      <Button variant="default" onClick={props.onCancel} disabled={props.running}>
        {t('propertiesList.action.cancel')}
      </Button>
      <ReasonedButton
        label={t('copy.paste', { count: props.targetCount })}
        disabledReason={
          props.block === 'noTargets'
            ? t('copy.paste.disabled')
            : reachReason(props.block, t('bulkCopy.offline'), t)
        }
        loading={props.running}
        onClick={props.onPaste}
      />
    </Group>
  );
}
