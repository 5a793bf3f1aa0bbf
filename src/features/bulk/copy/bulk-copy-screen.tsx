import { Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { locatedAssessmentsQueryOptions } from '../../../api/get-located-assessments';
import { MIN_SEARCH_LENGTH, useSearchProperties } from '../../../api/search-properties';
import { cancelRoute, isAllowedTarget, isCopyRunning, type BulkSource } from '../../../domain/bulk-mode';
import { INVALID_RESIDENCE_ID } from '../../../../shared/rules/location';
import { displayStatus } from '../../../../shared/rules/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { showCopyStartedToast } from '../../../ui/copy-started-toast';
import { useBulkMode } from '../hooks/use-bulk-mode';
import { CandidateList, type Candidate } from './candidate-list';
import { DepartmentCandidates } from './department-candidates';
import { TargetList } from './target-list';
import { useCopyTargets } from './use-copy-targets';

/** docs/product.md 5 and 9: the bulk-copy search runs 500 ms after typing, from 3 characters. */
export const SEARCH_DEBOUNCE_MS = 500;
const SEARCH_SIZE = 50;

/** The assessment the screen copies from, as the loader fetched it. */
export const sourceRefs = (propertyId: string, assessmentId: string) => [{ propertyId, assessmentId }];

/**
 * /copy/{propertyId}/{assessmentId} (docs/product.md 2): the bulk-copy screen. It shows the
 * source, finds more residences by address search and lists the residences of the source's
 * department; the ones chosen are the flow's targets, and Continue leads to the /copy summary.
 * Opening it starts copying from this assessment unless that is already under way.
 */
export function BulkCopyScreen(props: { organizationId: string; propertyId: string; assessmentId: string }) {
  const t = useTranslation();
  const navigate = useNavigate();
  const { state, dispatch } = useBulkMode();
  const refs = useMemo(() => sourceRefs(props.propertyId, props.assessmentId), [props]);
  const { data: located } = useSuspenseQuery(locatedAssessmentsQueryOptions(refs));
  const entry = located[0];
  const source = useMemo<BulkSource | null>(
    () =>
      entry
        ? {
            propertyId: entry.propertyId,
            assessmentId: entry.assessmentId,
            status: displayStatus(entry.assessmentStatus, entry.isCalculated, entry.futureApprovedDate),
            location: entry.location,
            futureApprovedDate: entry.futureApprovedDate,
          }
        : null,
    [entry],
  );

  const running = isCopyRunning(state);
  const copyingThis = state.mode === 'copying' && state.source?.assessmentId === props.assessmentId;
  // Once, on opening: later changes (Cancel sets idle) must not start the copy again.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    // A pasted copy is followed on its summary page; this one cannot start meanwhile.
    if (running) {
      void navigate({ to: '/copy', replace: true });
      return;
    }
    if (copyingThis || !source) return;
    const next = dispatch({ type: 'copy', source, origin: `/residence/${source.propertyId}` });
    if (next.mode === 'copying') showCopyStartedToast(t);
  }, [running, copyingThis, source, dispatch, navigate, t]);

  const { targets, chosen, toggle, chooseMany, remove } = useCopyTargets(state, dispatch, copyingThis);
  const cancel = () => {
    const origin = cancelRoute(state);
    dispatch({ type: 'cancel' });
    void navigate({ to: origin });
  };

  if (!source) return <PageHeader title={t('bulkCopy.title')} description={t('copy.summary.notCopying')} />;

  return (
    <>
      <PageHeader
        title={t('bulkCopy.title')}
        description={t('bulkCopy.source', { location: source.location })}
      />
      <Stack gap="xl">
        <AddressSearch
          organizationId={props.organizationId}
          source={source}
          chosen={chosen}
          onToggle={toggle}
        />
        <DepartmentCandidates source={source} chosen={chosen} onToggle={toggle} onChooseMany={chooseMany} />
        <section aria-labelledby="bulk-copy-chosen">
          <Title order={2} size="h3" id="bulk-copy-chosen" mb="xs">
            {t('bulkCopy.chosen')}
          </Title>
          <TargetList targets={targets} onRemove={remove} removeLabel="bulkCopy.remove" />
        </section>
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {t('propertiesList.action.cancel')}
          </Button>
          <Button onClick={() => void navigate({ to: '/copy' })}>
            {t('bulkCopy.continue', { count: targets.length })}
          </Button>
        </Group>
      </Stack>
    </>
  );
}

/** docs/product.md 4: the source residence and ready ones cannot receive the copy. */
export function candidateReason(
  candidate: Pick<Candidate, 'propertyId' | 'status'>,
  source: BulkSource,
  t: ReturnType<typeof useTranslation>,
): string | null {
  if (isAllowedTarget(candidate, source)) return null;
  return candidate.propertyId === source.propertyId
    ? t('propertiesList.notSelectable.source')
    : t('propertiesList.notSelectable.ready');
}

function AddressSearch(props: {
  organizationId: string;
  source: BulkSource;
  chosen: ReadonlySet<string>;
  onToggle: (candidate: Candidate) => void;
}) {
  const t = useTranslation();
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchProperties(props.organizationId, debounced, SEARCH_SIZE);
  const ready = debounced.length >= MIN_SEARCH_LENGTH;
  const candidates = useMemo<Candidate[]>(
    () =>
      (search.data ?? [])
        .filter((hit) => hit.residenceId !== INVALID_RESIDENCE_ID)
        .map((hit) => {
          const status = displayStatus(hit.assessmentStatus, hit.isCalculated, hit.futureApprovedDate);
          const candidate = {
            propertyId: hit.residenceId,
            // A search hit names no assessment; the overwrite warning needs only the status.
            assessmentId: null,
            status,
            location: hit.location,
            futureApprovedDate: hit.futureApprovedDate,
          };
          return { ...candidate, reason: candidateReason(candidate, props.source, t) };
        }),
    [search.data, props.source, t],
  );
  return (
    <section>
      <TextInput
        type="search"
        label={t('bulkCopy.search.label')}
        placeholder={t('bulkCopy.search.placeholder')}
        description={t('bulkCopy.search.hint')}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        rightSection={
          search.isFetching ? <Loader size="xs" role="status" aria-label={t('search.loading')} /> : null
        }
        mb="sm"
      />
      {ready && search.isError && (
        <Text role="alert" c="red.9">
          {t('search.error')}
        </Text>
      )}
      {ready && search.isSuccess && candidates.length === 0 && (
        <Text role="status">{t('search.noResults')}</Text>
      )}
      {ready && candidates.length > 0 && (
        <CandidateList candidates={candidates} chosen={props.chosen} onToggle={props.onToggle} />
      )}
    </section>
  );
}
