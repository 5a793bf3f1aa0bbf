import { Button, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconHistory } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { HistoryEvent } from '../../../../shared/contract/history';
import { assessmentHistoryQueryOptions } from '../../../api/get-assessment-history';
import { pluralKey, type Translate } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { formatShortDate, formatTime } from '../../../ui/format';
import { useOnline } from '../../../ui/use-online';

/**
 * The history of an assessment as a short timeline (docs/domain.md 5.6), shown when asked for:
 * it is read when opened (and again each time, since it changes with every answer), so the card
 * keeps its size while the screen loads and a tap on its buttons lands where it was aimed.
 * What was read before shows offline, with a note that it may be behind.
 */
export function AssessmentHistory(props: { assessmentId: string }) {
  const t = useTranslation();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconHistory size={16} aria-hidden />}
        aria-expanded={open}
        aria-controls={open ? regionId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? t('history.hide') : t('history.show')}
      </Button>
      {open && <HistoryTimeline id={regionId} assessmentId={props.assessmentId} />}
    </div>
  );
}

function HistoryTimeline(props: { id: string; assessmentId: string }) {
  const t = useTranslation();
  const online = useOnline();
  const history = useQuery({ ...assessmentHistoryQueryOptions(props.assessmentId), staleTime: 0 });
  const note = (text: string, alert = false) => (
    <Text size="sm" mt="xs" role={alert ? 'alert' : undefined}>
      {text}
    </Text>
  );
  let body;
  if (history.data) {
    body = (
      <>
        <Timeline bulletSize={12} lineWidth={2} mt="xs" aria-label={t('history.heading')}>
          {[...history.data.events].reverse().map((event, index) => (
            <Timeline.Item
              key={index}
              title={
                <Text size="sm" fw={600}>
                  {eventTitle(t, event)}
                </Text>
              }
            >
              <Text size="xs" c="dimmed">
                {eventByline(t, event)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
        {history.isError && note(online ? t('history.error') : t('history.stale'))}
      </>
    );
  } else if (history.isError) {
    body = note(online ? t('history.error') : t('history.offline'), true);
  } else {
    body = note(t('history.loading'));
  }
  return (
    <section id={props.id} aria-label={t('history.heading')} aria-busy={history.isFetching}>
      {body}
    </section>
  );
}

/** What happened, in a few words. */
export function eventTitle(t: Translate, event: HistoryEvent): string {
  switch (event.kind) {
    case 'copied':
      return event.sourceAddress
        ? t('history.event.copiedFrom', { address: event.sourceAddress })
        : t('history.event.copied');
    case 'answered':
      return t(pluralKey('history.event.answered', event.count ?? 0), { count: event.count ?? 0 });
    case 'approved':
      return event.validFrom && event.validFrom > event.at
        ? t('history.event.approvedFrom', { date: formatShortDate(event.validFrom) })
        : t('history.event.approved');
    default:
      return t(`history.event.${event.kind}`);
  }
}

/** Who and when: "Sofie Skriver · 28.11.26 kl. 10.40", and whether a bulk job did it. */
export function eventByline(t: Translate, event: HistoryEvent): string {
  const when = t('history.when', { date: formatShortDate(event.at), time: formatTime(event.at) });
  const parts = [event.by ?? t('history.unknownUser'), when];
  if (event.byJob) parts.push(t('history.byJob'));
  return parts.join(' · ');
}
