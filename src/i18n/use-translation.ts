import { useQuery } from '@tanstack/react-query';
import { createContext, createElement, useCallback, useContext, type ReactNode } from 'react';
import { staticContentQueryOptions } from '../api/get-static-content';
import { translate, type Translate } from './translate';

const fallback: Translate = (key, params) => translate(key, params);
const TranslationContext = createContext<Translate>(fallback);

/**
 * One subscription to staticcontent for the whole app: `t` changes when the overrides load,
 * and components (hundreds of list rows among them) read it from context for free.
 */
export function TranslationProvider(props: { children: ReactNode }) {
  const { data } = useQuery({
    ...staticContentQueryOptions(),
    select: (content) => content.translationSettings.translations,
  });
  const t = useCallback<Translate>((key, params) => translate(key, params, data), [data]);
  return createElement(TranslationContext.Provider, { value: t }, props.children);
}

/** `t(key, params)`: bundled Danish defaults overridden by staticcontent once it is there. */
export function useTranslation(): Translate {
  return useContext(TranslationContext);
}
