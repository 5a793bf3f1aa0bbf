import { ActionIcon, Checkbox, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { answerRulesOf, toggleOption, type Question } from '../../../../shared/rules/answer-validation';
import { useTranslation } from '../../../i18n/use-translation';
import { useNumericEntry } from '../hooks/use-numeric-entry';
import classes from './assessment.module.css';

export type Answer = { numericValue: number | null } | { values: string[] };

/**
 * docs/product.md 5 numeric answer: range check with the inline error (nothing is saved while invalid),
 * integer unless decimal (at most 2 decimals, comma), plus/minus and arrow keys by 1,
 * Enter ignored.
 */
export function NumericAnswer(props: { question: Question; locked: boolean; onAnswer: (a: Answer) => void }) {
  const t = useTranslation();
  const { question } = props;
  const settings = question.numericQuestionSettings;
  const { text, error, change, step, blur } = useNumericEntry(question, props.locked, props.onAnswer);

  const unit = settings?.measurementUnits ?? '';
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ActionIcon
          size={44}
          variant="default"
          aria-label={t('assessment.numeric.decrease')}
          disabled={props.locked}
          onClick={() => step(-1)}
        >
          <IconMinus aria-hidden />
        </ActionIcon>
        <TextInput
          className={classes.numeric}
          label={t('assessment.numeric.label', { unit })}
          description={t('assessment.numeric.range', {
            rangeStart: settings?.rangeStart ?? '',
            rangeEnd: settings?.rangeEnd ?? '',
            unit,
          })}
          inputMode={settings?.isDecimal ? 'decimal' : 'numeric'}
          value={text}
          readOnly={props.locked}
          error={error}
          onChange={(e) => change(e.currentTarget.value)}
          onBlur={blur}
          onKeyDown={(e) => {
            if (props.locked) return;
            if (e.key === 'Enter') e.preventDefault();
            if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
              e.preventDefault();
              step(e.key === 'ArrowUp' ? 1 : -1);
            }
          }}
        />
        <ActionIcon
          size={44}
          variant="default"
          aria-label={t('assessment.numeric.increase')}
          disabled={props.locked}
          onClick={() => step(1)}
        >
          <IconPlus aria-hidden />
        </ActionIcon>
      </Group>
    </Stack>
  );
}

/** docs/product.md 5: single choice stores one answer id or none (choosing the selected one clears it). */
export function SingleAnswer(props: { question: Question; locked: boolean; onAnswer: (a: Answer) => void }) {
  const t = useTranslation();
  const rules = answerRulesOf(props.question);
  const selected = props.question.options.filter((o) => o.isSelected).map((o) => o.answerId);
  return (
    <Stack gap="xs" role="radiogroup" aria-label={props.question.title}>
      <Text size="sm">{t('assessment.single.hint')}</Text>
      {props.question.options.map((option) => (
        <UnstyledButton
          key={option.answerId}
          role="radio"
          aria-checked={option.isSelected}
          aria-disabled={props.locked || undefined}
          className={classes.option}
          data-selected={option.isSelected || undefined}
          onClick={() => {
            if (!props.locked) props.onAnswer({ values: toggleOption(rules, selected, option.answerId) });
          }}
        >
          <span className={classes.radioDot} aria-hidden />
          {option.label}
        </UnstyledButton>
      ))}
    </Stack>
  );
}

/** docs/product.md 5: multiple choice toggles ids; an exclusive option ("Ingen af delene") stands alone. */
export function MultipleAnswer(props: {
  question: Question;
  locked: boolean;
  onAnswer: (a: Answer) => void;
}) {
  const t = useTranslation();
  const rules = answerRulesOf(props.question);
  const selected = props.question.options.filter((o) => o.isSelected).map((o) => o.answerId);
  return (
    <Stack gap="xs" role="group" aria-label={props.question.title}>
      <Text size="sm">{t('assessment.multiple.hint')}</Text>
      {props.question.options.map((option) => (
        <Checkbox
          key={option.answerId}
          className={classes.checkOption}
          size="md"
          label={option.label}
          checked={option.isSelected}
          disabled={props.locked}
          onChange={() => props.onAnswer({ values: toggleOption(rules, selected, option.answerId) })}
        />
      ))}
    </Stack>
  );
}
