import { isCopiedListPath, type BulkMode } from './bulk-mode';
import { safeReturnPath } from '../../shared/rules/session-rules';

/**
 * The header by page (docs/product.md 2 "Other screens and parts"): the assessment,
 * residence, copy and approve pages show a back bar instead of the logo and the search box,
 * and the service message and organization banner stay away from the form. Pure: the header
 * hands in the path, the navigation state and the bulk flow, and renders what comes back.
 */

/**
 * default: logo and search box. assessment: the form has its own top bar with the way back
 * (which asks to save first), so the header is only a compact bar without search.
 * residence and results: the residence-header back link. copy and approve: the generic one.
 */
export type HeaderVariant = 'default' | 'assessment' | 'residence' | 'results' | 'copy' | 'approve';

/** The first path segment of each page with a back bar, and whether it needs more after it. */
const BACK_BAR_PAGES = new Map<string, { variant: HeaderVariant; nested: boolean }>([
  ['assessment', { variant: 'assessment', nested: true }],
  ['residence', { variant: 'residence', nested: true }],
  ['results', { variant: 'results', nested: true }],
  ['copy', { variant: 'copy', nested: false }],
  ['copied', { variant: 'copy', nested: false }],
  ['copiedproperties', { variant: 'copy', nested: false }],
  ['approve', { variant: 'approve', nested: false }],
  ['approvecopied', { variant: 'approve', nested: false }],
  ['approved', { variant: 'approve', nested: false }],
]);

export function headerVariant(pathname: string): HeaderVariant {
  const segments = pathname.split(/[?#]/)[0]!.split('/').filter(Boolean);
  const page = BACK_BAR_PAGES.get(segments[0] ?? '');
  if (!page || (page.nested && segments.length < 2)) return 'default';
  return page.variant;
}

/** docs/product.md 2: the service message and the organization banner are hidden on any path containing /assessment/. */
export function hidesHeaderAlerts(pathname: string): boolean {
  return pathname.includes('/assessment/');
}

/**
 * The header's search box shows with the default header, except on `/properties`, the search
 * page itself, whose own box takes its place (docs/product.md 2): two boxes of the same name
 * would leave a screen reader user guessing which one the results belong to.
 */
export function showsHeaderSearch(pathname: string): boolean {
  return headerVariant(pathname) === 'default' && !/^\/properties\/?$/.test(pathname.split(/[?#]/)[0]!);
}

/** The header's parts that are code of their own (src/app/layout/app-header.tsx). */
export type SignedInHeaderPart = 'searchBox' | 'backLink' | 'organizationBanner' | 'takeAlongStatus';

/**
 * The parts a signed-in header shows on a path, as `AppHeader` renders them, so that they are
 * asked for with the screen's chunks (index.html's inline script, vite.config.ts) rather than
 * when the header first renders, after the entry script has arrived and run. The search box
 * also needs an active organization, which every page showing it has. The outbox indicator is
 * left out: it mounts after the first paint.
 */
export function signedInHeaderParts(pathname: string): SignedInHeaderPart[] {
  const variant = headerVariant(pathname);
  const parts: SignedInHeaderPart[] = [];
  if (showsHeaderSearch(pathname)) parts.push('searchBox');
  else if (variant !== 'default' && variant !== 'assessment') parts.push('backLink');
  if (!hidesHeaderAlerts(pathname)) parts.push('organizationBanner');
  if (variant !== 'assessment') parts.push('takeAlongStatus');
  return parts;
}

/** The words of a back link; the header turns them into translation keys `header.back.*`. */
export type BackLabel = 'list' | 'department' | 'residence' | 'copied' | 'home' | 'back';

export type BackLink = { to: string; label: BackLabel } | { history: true; label: 'back' };

export interface BackLinkInput {
  variant: 'residence' | 'results' | 'copy' | 'approve';
  /** The current path with its query, so that a link never points at the page itself. */
  currentPath: string;
  /** The page's propertyId (residence and results pages). */
  propertyId?: string;
  /** The origin a list handed over in the navigation (history) state. */
  navigationOrigin?: string;
  bulk: {
    mode: BulkMode;
    /** A copy job is still running (pasted, not yet finished). */
    copyRunning: boolean;
    /** Where the copy flow (or an approval from a list) started. */
    origin: string | null;
    /** Where the approval in progress or just finished was started. */
    approvalOrigin: string | null;
  };
  /** The residence's department: undefined while it is loading, null when it has none. */
  departmentId?: string | null;
  /** The browser history holds an earlier page of this app. */
  canGoBack: boolean;
}

function samePath(a: string, b: string): boolean {
  const trim = (p: string) => p.replace(/\/+(?=$|[?#])/, '');
  return trim(a) === trim(b);
}

/** A path on this site other than the current page, else undefined. */
function usable(path: string | null | undefined, currentPath: string): string | undefined {
  if (!path) return undefined;
  const safe = safeReturnPath(path);
  return safe === path && !samePath(path, currentPath) ? path : undefined;
}

function labelOf(path: string): BackLabel {
  if (isCopiedListPath(path)) return 'copied';
  if (path === '/') return 'home';
  if (path.startsWith('/residence/')) return 'residence';
  return 'back';
}

/**
 * Where the header's back link goes (docs/product.md 2). Residence pages: after a copy
 * completes to /copied; else to the list the user came from, else to the residence's
 * department, otherwise home. Results of an assessment: /copied after a copy, else the
 * residence. Copy and approve pages (the generic back link): the origin in the navigation
 * state, else where the flow started, else one step back, else home. null: not known yet.
 */
export function headerBackLink(input: BackLinkInput): BackLink | null {
  const { bulk, currentPath } = input;
  const origin = usable(input.navigationOrigin, currentPath);
  const copyCompleted =
    bulk.mode === 'copyComplete' && !bulk.copyRunning && usable('/copied', currentPath) !== undefined;

  switch (input.variant) {
    case 'residence':
      if (copyCompleted) return { to: '/copied', label: 'copied' };
      if (origin) return { to: origin, label: 'list' };
      if (input.departmentId === undefined) return null;
      if (input.departmentId === null) return { to: '/', label: 'home' };
      return {
        to: `/departments/properties/${encodeURIComponent(input.departmentId)}`,
        label: 'department',
      };
    case 'results':
      if (copyCompleted) return { to: '/copied', label: 'copied' };
      if (input.propertyId) {
        return { to: `/residence/${encodeURIComponent(input.propertyId)}`, label: 'residence' };
      }
      return genericBackLink(origin, undefined, input.canGoBack);
    case 'copy':
      return genericBackLink(origin, usable(bulk.origin, currentPath), input.canGoBack);
    case 'approve':
      return genericBackLink(
        origin,
        usable(bulk.approvalOrigin ?? bulk.origin, currentPath),
        input.canGoBack,
      );
  }
}

function genericBackLink(
  origin: string | undefined,
  flowOrigin: string | undefined,
  canGoBack: boolean,
): BackLink {
  const to = origin ?? flowOrigin;
  if (to) return { to, label: labelOf(to) };
  if (canGoBack) return { history: true, label: 'back' };
  return { to: '/', label: 'home' };
}
