import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChartBar, IconCloudDown, IconDownload } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import {
  headerVariant,
  hidesHeaderAlerts,
  showsHeaderSearch,
  signedInHeaderParts,
  type HeaderVariant,
  type SignedInHeaderPart,
} from '../../domain/header-navigation';
import { useHasOverview } from '../../api/get-overview';
import { useActiveOrganization } from '../../features/organizations/active-organization';
import { useTranslation } from '../../i18n/use-translation';
import { promptInstall, usePwaState } from '../pwa';
import classes from './app-header.module.css';
import { OfflineBadge } from './offline-badge';
import { ServiceMessage } from './service-message';
import { useAfterFirstPaint } from '../../ui/use-after-first-paint';
import { useOnline } from '../../ui/use-online';

// Signed-in only: a signed-out first visit does not download the search box, the outbox, the
// back bar or the organization banner (its dialog). The service worker precaches these chunks,
// so they open offline too (docs/performance.md "Bytes on the wire"). The offline badge is not
// lazy: it is needed exactly when the network is gone, maybe before the worker controls the page.
const loadHeaderBackLink = () => import('./header-back-link');
const loadOrganizationBanner = () => import('../../features/organizations/components/organization-banner');
const loadOutboxIndicator = () => import('../../features/outbox/components/outbox-indicator');
const loadPropertySearchBox = () => import('../../features/residence-search/components/property-search-box');
const loadTakeAlongStatus = () => import('../../features/take-along/components/take-along-status');
const loadSessionRenewalNotice = () => import('../../features/session/components/session-renewal-notice');
const HeaderBackLink = lazy(() => loadHeaderBackLink().then((m) => ({ default: m.HeaderBackLink })));
const OrganizationBanner = lazy(() =>
  loadOrganizationBanner().then((m) => ({ default: m.OrganizationBanner })),
);
const OutboxIndicator = lazy(() => loadOutboxIndicator().then((m) => ({ default: m.OutboxIndicator })));
const PropertySearchBox = lazy(() => loadPropertySearchBox().then((m) => ({ default: m.PropertySearchBox })));
const TakeAlongStatus = lazy(() => loadTakeAlongStatus().then((m) => ({ default: m.TakeAlongStatus })));
// Only while the token has ended and the device session goes on (docs/product.md "Session").
const SessionRenewalNotice = lazy(() =>
  loadSessionRenewalNotice().then((m) => ({ default: m.SessionRenewalNotice })),
);

// The same modules as vite.config.ts's HEADER_PART_MODULES, which index.html asks for early.
const loadHeaderPart: Record<SignedInHeaderPart, () => Promise<unknown>> = {
  searchBox: loadPropertySearchBox,
  backLink: loadHeaderBackLink,
  organizationBanner: loadOrganizationBanner,
  takeAlongStatus: loadTakeAlongStatus,
};

/**
 * A signed-in start asks for the header's lazy parts together with the screen's chunks, not
 * when the header first renders, and only the parts the header shows on the opening path
 * (`signedInHeaderParts`, which `AppHeader` below follows): on a weak line every request before
 * the first paint counts. index.html's inline script has asked for them already where it knows
 * the path (vite.config.ts); this covers the rest. The outbox indicator is not among them: it
 * shows nothing until an answer waits, and it brings Dexie, so it mounts after the first
 * paint. A failure is the part's to report when it renders.
 */
export function preloadSignedInHeader(pathname: string): void {
  for (const part of signedInHeaderParts(pathname)) loadHeaderPart[part]().catch(() => undefined);
}

/**
 * docs/product.md 2 header: logo and search box, or on the assessment, residence, copy and
 * approve pages a back bar (`headerVariant`); service message and organization banner, both
 * hidden on the form; install and offline state on every page.
 */
export function AppHeader(props: { signedIn: boolean; renewalNeeded?: boolean }) {
  const t = useTranslation();
  const online = useOnline();
  const { installPrompt } = usePwaState();
  const organization = useActiveOrganization();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const variant = props.signedIn ? headerVariant(pathname) : 'default';
  const alerts = !hidesHeaderAlerts(pathname);
  const painted = useAfterFirstPaint();
  const hasOverview = useHasOverview();
  return (
    <header className={classes.header} data-variant={variant} data-offline={!online || undefined}>
      {alerts && <ServiceMessage />}
      <Group className={classes.bar} justify="space-between" wrap="nowrap" gap="sm">
        <HeaderStart variant={variant} />
        {props.signedIn && showsHeaderSearch(pathname) && organization && (
          <div className={classes.search}>
            <Suspense fallback={null}>
              <PropertySearchBox organizationId={organization.id} />
            </Suspense>
          </div>
        )}
        {/* Beside the icons, not among them: Chrome offers the install only after the first
            paint, and the icons would move over for it (a layout shift); here the search box or
            the free space gives way. */}
        {installPrompt && <InstallButton />}
        <Group gap="xs" wrap="nowrap">
          {props.signedIn && painted && (
            <Suspense fallback={null}>
              <OutboxIndicator onOpenQuestion={(href) => void navigate({ href })} />
            </Suspense>
          )}
          {!online && <OfflineBadge />}
          {props.signedIn && organization && hasOverview && (
            // The organization's overview, where the server offers it (docs/api.md "Extensions").
            <ActionIcon
              component={Link}
              to="/overview"
              variant="subtle"
              size="lg"
              aria-label={t('overview.link')}
              title={t('overview.link')}
            >
              <IconChartBar size={20} aria-hidden />
            </ActionIcon>
          )}
          {props.signedIn && (
            // The storage panel (docs/architecture.md 2, "Taken along offline"): what is kept
            // offline and the space it takes.
            <ActionIcon
              component={Link}
              to="/offline"
              variant="subtle"
              size="lg"
              aria-label={t('storage.link')}
              title={t('storage.link')}
            >
              <IconCloudDown size={20} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {/* On the form too: that is where answers are typed that now wait for a sign-in. */}
      {props.signedIn && props.renewalNeeded && (
        <Suspense fallback={null}>
          <SessionRenewalNotice />
        </Suspense>
      )}
      {props.signedIn && alerts && (
        <Suspense fallback={null}>
          <OrganizationBanner />
        </Suspense>
      )}
      {/* A take along goes on while the user moves about: its progress shows on every screen. */}
      {props.signedIn && variant !== 'assessment' && (
        <Suspense fallback={null}>
          <TakeAlongStatus />
        </Suspense>
      )}
    </header>
  );
}

/** The logo home or, on the back-bar pages (`headerVariant`), the way back. */
function HeaderStart(props: { variant: HeaderVariant }) {
  const t = useTranslation();
  const { variant } = props;
  return variant === 'default' || variant === 'assessment' ? (
    <Link to="/" className={classes.logo} aria-label={t('header.logoLink')}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      {/* The form keeps the whole width of a phone: its own top bar holds the way back. */}
      {variant === 'default' && <span className={classes.logoText}>{t('app.name')}</span>}
    </Link>
  ) : (
    // The slot stays while the link's chunk or its department loads: the icons on the
    // right keep their place instead of jumping in from the left.
    <div className={classes.backSlot}>
      <Suspense fallback={null}>
        <HeaderBackLink variant={variant} />
      </Suspense>
    </div>
  );
}

function InstallButton() {
  const t = useTranslation();
  return (
    <Button
      className={classes.install}
      size="xs"
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => void promptInstall()}
      title={t('header.installApp.description')}
    >
      {t('header.installApp')}
    </Button>
  );
}
