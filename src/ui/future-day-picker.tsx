import '@mantine/dates/styles.css';
import { Text } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/da';
import { useId } from 'react';
import { firstFutureDay, isSelectableDay } from '../domain/approval';
import { useTranslation } from '../i18n/use-translation';
import { formatShortDate } from './format';

/**
 * The calendar of the approval date pickers (docs/product.md 5 "Date picker"): days before
 * tomorrow cannot be chosen (today is "approve now"), Danish names, Monday first, and a live line
 * saying which day is chosen. `value` is a YYYY-MM-DD day or null; `chosenText` words the line
 * for a chosen day, `noneText` the line before one is chosen.
 */
export function FutureDayPicker(props: {
  value: string | null;
  onChange: (day: string | null) => void;
  chosenText: (shortDate: string) => string;
  noneText: string;
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
        {chosen && props.value !== null ? props.chosenText(formatShortDate(props.value)) : props.noneText}
      </Text>
    </>
  );
}

/** A chosen YYYY-MM-DD day that the picker allows (tomorrow or later). */
export function isChosenFutureDay(day: string | null): day is string {
  return day !== null && isSelectableDay(day);
}
