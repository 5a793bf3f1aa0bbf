import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { staticContentQueryOptions } from '../api/get-static-content';
import { translate, type Translate } from './translate';

/** `t(key, params)` with staticcontent overrides once they have loaded (or from the cache). */
export function useTranslation(): Translate {
  const { data } = useQuery({
    ...staticContentQueryOptions(),
    select: (content) => content.translationSettings.translations,
  });
  return useCallback<Translate>((key, params) => translate(key, params, data), [data]);
}
