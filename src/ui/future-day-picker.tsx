import '@mantine/dates/styles.css';
import { Text } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/da';
import { memo, useId } from 'react';
import type { TranslationKey } from '../../shared/texts/da';
import { firstFutureDay, isSelectableDay } from '../domain/approval';
import { useTranslation } from '../i18n/use-translation';
import { formatShortDate } from './format';

/**
 * The calendar of the approval date pickers (docs/product.md 5 "Date picker"): days before
 * tomorrow cannot be chosen (today is "approve now"), Danish names, Monday first, and a live line
 * saying which day is chosen. `value` is a YYYY-MM-DD day or null; `chosenKey` words the line
 * for a chosen day (its `{date}`), `noneKey` the line before one is chosen.
 *
 * Memoized, with props that stay the same while nothing is chosen (give it a stable `onChange`):
 * the calendar's month costs a few milliseconds to render, and the screens around it render again
 * at every progress message of a running approval (a hundred a second for a big one), which kept
 * the page's main thread busy for the whole job.
 */
export const FutureDayPicker = memo(function FutureDayPicker(props: {
  value: string | null;
  onChange: (day: string | null) => void;
  chosenKey: TranslationKey;
  noneKey: TranslationKey;
}) {
  const t = useTranslation();
  const hintId = useId();
  const headingId = useId();
  const minDate = firstFutureDay();
  const chosen = props.value !== null && isSelectableDay(props.value);
  return (
    <>
      <div role="group" aria-labelledby={headingId} aria-describedby={hintId}>
        <Text fw={600} id={headingId}>
          {t('datepicker.label')}
        </Text>
        <Text size="sm" id={hintId} mb="sm">
          {t('datepicker.fromTomorrow')}
        </Text>
        <DatesProvider settings={{ locale: 'da', firstDayOfWeek: 1 }}>
          <DatePicker
            value={props.value}
            onChange={props.onChange}
            minDate={minDate}
            defaultDate={minDate}
            // Mantine's red weekend days fail the contrast rule (axe); weekends are plain days here.
            weekendDays={[]}
            ariaLabels={{
              previousMonth: t('datepicker.previousMonth'),
              nextMonth: t('datepicker.nextMonth'),
              monthLevelControl: t('datepicker.label'),
            }}
            getDayAriaLabel={(date) => dayjs(date).locale('da').format('dddd D. MMMM YYYY')}
          />
        </DatesProvider>
      </div>
      <Text aria-live="polite">
        {chosen && props.value !== null
          ? t(props.chosenKey, { date: formatShortDate(props.value) })
          : t(props.noneKey)}
      </Text>
    </>
  );
});

/** A chosen YYYY-MM-DD day that the picker allows (tomorrow or later). */
export function isChosenFutureDay(day: string | null): day is string {
  return day !== null && isSelectableDay(day);
}
