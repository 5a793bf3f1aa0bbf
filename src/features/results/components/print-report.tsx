import { Button, Group } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { assessmentScoresQueryOptions } from '../../../api/assessment-scores';
import { assessmentHistoryQueryOptions, useHasHistory } from '../../../api/get-assessment-history';
import { assessmentQueryOptions } from '../../../api/get-assessment';
import { propertyQueryOptions } from '../../../api/get-property';
import { questionsQueryOptions } from '../../../api/get-questions';
import { reportAnswers, reportPeople } from '../../../domain/report';
import { PrintedPhotos, usePhotosByQuestion } from '../../../photos/assessment-photos';
import type { Question } from '../../../../shared/rules/answer-validation';
import { displayStatus } from '../../../../shared/rules/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { formatShortDate } from '../../../ui/format';
import { useStatusLabel } from '../../../ui/use-status-label';
import classes from './print-report.module.css';

/**
 * The results page on paper (docs/product.md 2 "The printable report"): only printed
 * (hidden, data-print="only": src/app/print.css), while the screen's page is left off the paper. Reads
 * what the page has read; who assessed and who approved come from the history, when the server
 * keeps one.
 */
export function PrintReport(props: { propertyId: string; assessmentId: string; organizationName?: string }) {
  const t = useTranslation();
  const { data: assessment } = useSuspenseQuery(assessmentQueryOptions(props.assessmentId, props.propertyId));
  const { data: questions } = useSuspenseQuery(questionsQueryOptions(props.assessmentId));
  const { data: property } = useQuery(propertyQueryOptions(props.propertyId));
  // The score table's query, read only: the table decides when it is fetched or retried.
  const { data: scores } = useQuery({ ...assessmentScoresQueryOptions(props.assessmentId), enabled: false });
  const hasHistory = useHasHistory();
  const { data: history } = useQuery({
    ...assessmentHistoryQueryOptions(props.assessmentId),
    staleTime: 0,
    enabled: hasHistory,
  });
  const people = reportPeople(history);
  // An approval from a later day has its day in validFrom: approved from then, not yet in effect.
  const status = displayStatus(
    assessment.assessmentStatus,
    assessment.isCalculated,
    assessment.assessmentStatus === 'approved' ? (assessment.validFrom ?? undefined) : undefined,
  );
  const statusText = useStatusLabel(status, assessment.validFrom);
  const facts: [string, string | undefined][] = [
    [t('report.organization'), props.organizationName],
    [t('report.department'), property?.departmentName],
    [t('report.address'), property?.beliggenhed],
    [t('report.status'), statusText],
    [t('report.created'), people?.created ? formatShortDate(people.created) : undefined],
    [t('report.validFrom'), assessment.validFrom ? formatShortDate(assessment.validFrom) : undefined],
    [t('report.assessedBy'), people?.assessedBy.join(', ') || undefined],
    [t('report.approvedBy'), people?.approvedBy ?? undefined],
    [t('report.printed'), formatShortDate(new Date())],
  ];
  return (
    // hidden: on screen it is not there, for the eye or a screen reader; print.css shows it on paper.
    <article hidden data-print="only" className={classes.report} aria-labelledby="print-report-title">
      <h1 id="print-report-title">{t('report.title')}</h1>
      <dl className={classes.facts}>
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== undefined)
          .map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <h2>{t('report.suitability')}</h2>
      <table className={classes.table}>
        <thead>
          <tr>
            <th scope="col">{t('report.group')}</th>
            <th scope="col">{t('report.verdict')}</th>
          </tr>
        </thead>
        <tbody>
          {(scores ?? []).map((s) => (
            <tr key={s.handicapTypeId}>
              <th scope="row">{t(`handicap.${s.handicapTypeId}` as 'handicap.wheelchair')}</th>
              <td>{s.scoreText}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ReportAnswers assessmentId={props.assessmentId} questions={questions} />
    </article>
  );
}

/** The answers by chapter, with the photos of each question (docs/api.md "Extensions", photos). */
function ReportAnswers({
  assessmentId,
  questions,
}: {
  assessmentId: string;
  questions: readonly Question[];
}) {
  const t = useTranslation();
  const photos = usePhotosByQuestion(assessmentId);
  const photographed = new Set([...photos.keys()].filter((id): id is string => id !== null));
  return (
    <>
      <h2>{t('report.answers')}</h2>
      {reportAnswers(questions, photographed).map((chapter) => (
        <section key={chapter.chapter} className={classes.chapter}>
          <h3>{chapter.chapter}</h3>
          <ul className={classes.answers}>
            {chapter.answers.map((a) => (
              <li key={a.question}>
                {a.question}: <strong>{a.answer || '–'}</strong>
                {a.comment && <span className={classes.comment}> ({a.comment})</span>}
                {photos.has(a.uniqueId) && (
                  <PrintedPhotos items={photos.get(a.uniqueId)!} title={a.question} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** "Udskriv eller gem som PDF": the browser's print dialog, which saves a PDF too. */
export function PrintButton() {
  const t = useTranslation();
  return (
    <Group>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        onClick={() => window.print()}
      >
        {t('report.print')}
      </Button>
    </Group>
  );
}
