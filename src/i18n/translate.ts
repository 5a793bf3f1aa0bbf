import { da, type TranslationKey } from '../../shared/texts/da';

export type TranslationParams = Record<string, string | number>;
export type Translate = (key: TranslationKey, params?: TranslationParams) => string;

/**
 * The wording of a text key: the organization's override from staticcontent when there is
 * one, else the bundled Danish default, else the key itself (never an empty screen).
 * `{name}` placeholders are filled from params.
 */
export function translate(
  key: string,
  params?: TranslationParams,
  overrides?: Readonly<Record<string, string>>,
): string {
  const text = overrides?.[key] || (da as Record<string, string>)[key] || key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** Singular or plural key by count: `${key}.one` for 1, `${key}.other` otherwise. */
export function pluralKey(key: string, count: number): TranslationKey {
  return `${key}.${count === 1 ? 'one' : 'other'}` as TranslationKey;
}
