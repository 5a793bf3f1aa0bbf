import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * A move to another page that took the focused element with it (a link, a dialog's button that
 * navigates, such as the form's "Se resultatet") would leave focus on <body>, and the next Tab
 * would start again at the top of the page. The new page's heading takes focus instead (read out
 * first; PageHeader's heading can take it), else the main content, as after the skip link. Focus
 * anywhere else is left alone, and so is the first load, where a Tab should reach the skip link
 * first.
 */
export function useFocusAfterNavigation(): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onRendered', (event) => {
        if (!event.fromLocation || !event.pathChanged) return;
        const active = document.activeElement;
        if (active !== null && active !== document.body) return;
        const main = document.getElementById('main');
        const heading = main?.querySelector<HTMLElement>('h1[tabindex="-1"]');
        (heading ?? main)?.focus({ preventScroll: true });
      }),
    [router],
  );
}
