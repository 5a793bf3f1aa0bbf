import { useRouter, type RegisteredRouter } from '@tanstack/react-router';
import { useMemo, type MouseEvent, type SyntheticEvent } from 'react';

const residenceOf = (target: EventTarget | null) =>
  target instanceof Element
    ? (target.closest<HTMLElement>('a[data-residence-id]')?.dataset.residenceId ?? null)
    : null;

/**
 * The list's links to residences as plain anchors (`href(residenceId)` and
 * `data-residence-id`), with one set of handlers on the list (`listProps`) doing what the
 * router's Link does for each: a plain click navigates in the app, a modified one is the
 * browser's, and hover, focus or touch preloads the residence. A Link per row subscribes to
 * the router and builds its location each time it renders, which was a large share of a
 * filter keystroke (docs/performance.md, "The big list"). With `origin` the navigation hands it
 * over, so that the residence's back link returns to that list (docs/product.md 2).
 */
export function useResidenceLinks(origin?: string) {
  const router = useRouter();
  return useMemo(() => residenceLinks(router, origin), [router, origin]);
}

function residenceLinks(router: RegisteredRouter, origin: string | undefined) {
  const target = (propertyId: string) => ({ to: '/residence/$propertyId', params: { propertyId } }) as const;
  const hrefs = new Map<string, string>();
  const href = (propertyId: string) => {
    let value = hrefs.get(propertyId);
    if (value === undefined) {
      const location = router.buildLocation(target(propertyId));
      value = router.history.createHref(location.publicHref);
      hrefs.set(propertyId, value);
    }
    return value;
  };

  // The router's own settings, as its Link reads them (src/main.tsx): whether intent preloads,
  // and after how long a hover or focus counts as intent (its default 50 ms).
  const preloadsOnIntent = router.options.defaultPreload === 'intent';
  const preloadDelay = router.options.defaultPreloadDelay ?? 50;
  let intent: { propertyId: string; timer: ReturnType<typeof setTimeout> | undefined } | null = null;
  const cancel = () => {
    clearTimeout(intent?.timer);
    intent = null;
  };
  const preload = (propertyId: string) => void router.preloadRoute(target(propertyId)).catch(() => undefined);
  const onIntent = (event: SyntheticEvent) => {
    const propertyId = residenceOf(event.target);
    if (propertyId === intent?.propertyId) return;
    cancel();
    if (propertyId === null || !preloadsOnIntent) return;
    intent = {
      propertyId,
      timer: setTimeout(() => {
        if (intent) intent.timer = undefined;
        preload(propertyId);
      }, preloadDelay),
    };
  };
  const onLeave = (event: MouseEvent | SyntheticEvent<Element, FocusEvent>) => {
    const next = (event as { relatedTarget?: EventTarget | null }).relatedTarget ?? null;
    if (residenceOf(next) !== intent?.propertyId) cancel();
  };
  const onClick = (event: MouseEvent) => {
    const propertyId = residenceOf(event.target);
    if (
      propertyId === null ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    cancel();
    void router.navigate({ ...target(propertyId), ...(origin === undefined ? {} : { state: { origin } }) });
  };
  const listProps = {
    onClick,
    onMouseOver: onIntent,
    onFocus: onIntent,
    onMouseOut: onLeave,
    onBlur: onLeave,
    onTouchStart: (event: SyntheticEvent) => {
      const propertyId = residenceOf(event.target);
      if (propertyId !== null && preloadsOnIntent) preload(propertyId);
    },
  };
  return { href, listProps };
}
