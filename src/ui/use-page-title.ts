import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** docs/product.md 2: the page title is the translated title followed by the product name. */
export function usePageTitle(title: string): void {
  const t = useTranslation();
  const full = t('general.pageTitle', { title });
  useEffect(() => {
    document.title = full;
  }, [full]);
}
