import { useEffect, useRef, useState } from 'react';
import {
  answerRulesOf,
  formatNumericValue,
  numericValueError,
  parseNumericInput,
  type Question,
} from '../../../../shared/rules/answer-validation';
import { useTranslation } from '../../../i18n/use-translation';
import { holdUnsavedInput } from '../../../lib/unsaved-input';

/** docs/product.md 5: typing settles for this long before a numeric value is checked and saved. */
const NUMERIC_SETTLE_MS = 600;

/**
 * The typing of a numeric answer (docs/product.md 5): the text as typed, committed once it
 * settles (or at once for a step or a blur), with the range error inline and nothing saved
 * while it is invalid. `step` moves by `delta` from the value, or into the range from empty.
 */
export function useNumericEntry(
  question: Question,
  locked: boolean,
  onAnswer: (answer: { numericValue: number | null }) => void,
) {
  const t = useTranslation();
  const settings = question.numericQuestionSettings;
  const rules = answerRulesOf(question);
  const stored = question.numericQuestionValue;
  const [text, setText] = useState(stored === null ? '' : formatNumericValue(stored));
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Typed and not yet committed: a new release's reload waits (blurring the field commits it).
  const settling = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => holdUnsavedInput(() => settling.current), []);

  const rangeMessage = () =>
    `${t('assessment.rangeError', { rangeStart: settings?.rangeStart ?? '', rangeEnd: settings?.rangeEnd ?? '' })} ${
      settings?.isDecimal ? t('assessment.rangeError.decimalNote') : t('assessment.rangeError.integerNote')
    }`;

  const commit = (value: string) => {
    settling.current = false;
    const parsed = parseNumericInput(value);
    if (parsed === null) {
      setError(null);
      if (stored !== null) onAnswer({ numericValue: null });
      return;
    }
    if (Number.isNaN(parsed) || numericValueError(rules, parsed) !== null) {
      setError(rangeMessage());
      return;
    }
    setError(null);
    if (parsed !== stored) onAnswer({ numericValue: parsed });
  };

  const change = (value: string, immediately = false) => {
    setText(value);
    clearTimeout(timer.current);
    if (immediately) commit(value);
    else {
      settling.current = true;
      timer.current = setTimeout(() => commit(value), NUMERIC_SETTLE_MS);
    }
  };

  const step = (delta: number) => {
    const current = parseNumericInput(text);
    const base =
      current === null || Number.isNaN(current)
        ? (settings?.rangeStart ?? 0) - (delta > 0 ? 1 : -1)
        : current;
    const next = Math.round((base + delta) * 100) / 100;
    change(formatNumericValue(next), true);
  };

  /** Leaving the field commits what was typed, without waiting for it to settle. */
  const blur = () => {
    clearTimeout(timer.current);
    if (!locked) commit(text);
  };
  return { text, error, change, step, blur };
}
