import type { SearchTotal } from '../../../shared/rules/search-total';
import { formatCount } from '../../i18n/format-count';
import { pluralKey, type Translate } from '../../i18n/translate';
import type { TranslationKey } from '../../../shared/texts/da';

/** A search's total as the results page writes it: "2.207", or "over 10.000" when counted only so far. */
export function totalText(t: Translate, total: SearchTotal): string {
  const count = formatCount(total.count);
  return total.exact ? count : t('search.count.over', { count });
}

/** `key`'s singular or plural by the total (pluralKey): "over 1" is many. */
export function totalPluralKey(key: string, total: SearchTotal): TranslationKey {
  return pluralKey(key, total.exact ? total.count : Number.POSITIVE_INFINITY);
}
