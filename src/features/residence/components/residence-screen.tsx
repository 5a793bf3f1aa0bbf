import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Suspense, useMemo } from 'react';
import { residenceAssessmentRefs } from '../../../api/get-located-assessments';
import { propertyQueryOptions } from '../../../api/get-property';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { useOnline } from '../../../ui/use-online';
import { TakeAlongResidenceButton } from '../../../ui/take-along-buttons';
import { AssessmentsHeading, ResidenceAssessments } from './residence-assessments';
import { ResidencePhotos } from './residence-photos';
import { OfflineStartError } from '../start-offline';
import { useStartAssessment } from '../hooks/use-start-assessment';

/**
 * docs/product.md 2, /residence/{propertyId}: the residence's assessments, each a way into it, and
 * starting a new one. The route's loader has fetched the property and its assessments. The way
 * back (to the list, the department or /copied) is the header's back bar (docs/product.md 2).
 */
export function ResidenceScreen(props: { propertyId: string; sendOutbox?: () => Promise<void> }) {
  const t = useTranslation();
  const canWrite = useRouteContext({ from: '/_signedIn', select: (c) => c.session.canWrite });
  const { data: property } = useSuspenseQuery(propertyQueryOptions(props.propertyId));
  const refs = useMemo(() => residenceAssessmentRefs(property), [property]);

  return (
    <>
      <PageHeader title={property.beliggenhed}>
        {!canWrite && <Text>{t('residence.readOnly')}</Text>}
        <TakeAlongResidenceButton propertyId={property.id} location={property.beliggenhed} />
      </PageHeader>

      {refs.length > 0 ? (
        // Only the cards wait when a refresh brings another set of assessments.
        <Suspense
          fallback={
            <Center py="md">
              <Loader role="status" aria-label={t('general.loading')} />
            </Center>
          }
        >
          <ResidenceAssessments propertyId={props.propertyId} refs={refs} canWrite={canWrite} />
        </Suspense>
      ) : (
        <NotAssessed propertyId={props.propertyId} canWrite={canWrite} />
      )}
      <ResidencePhotos
        propertyId={props.propertyId}
        location={property.beliggenhed}
        canWrite={canWrite}
        send={props.sendOutbox}
      />
    </>
  );
}

/**
 * docs/product.md 2: a write user with no assessment sees a start-screening button. It works
 * offline too (docs/architecture.md 4 "Offline start"): the create is queued and the form opens
 * on the cached catalogue.
 */
function NotAssessed(props: { propertyId: string; canWrite: boolean }) {
  const t = useTranslation();
  const starter = useStartAssessment(props.propertyId);
  const online = useOnline();
  const error = starter.error;
  const message =
    error instanceof OfflineStartError
      ? t('residence.startOffline.noQuestions')
      : !online
        ? // Offline the only other failure is the device refusing to store the create.
          t('residence.startOffline.failed')
        : t('assessment.createNew.error');
  return (
    <>
      {starter.isError && (
        <Alert
          color="red"
          role="alert"
          mb="md"
          title={t('general.error.title')}
          withCloseButton
          onClose={starter.reset}
          closeButtonLabel={t('general.close')}
        >
          {message}
        </Alert>
      )}
      <AssessmentsHeading />
      <Stack gap="md" align="flex-start">
        <Text>{t('residence.noAssessment')}</Text>
        {props.canWrite && (
          <Button size="md" loading={starter.isPending} onClick={() => starter.mutate({ kind: 'new' })}>
            {t('residence.startScreening')}
          </Button>
        )}
      </Stack>
    </>
  );
}
