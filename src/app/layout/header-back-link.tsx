import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { propertyQueryOptions } from '../../api/get-property';
import { isCopyRunning } from '../../domain/bulk-mode';
import { headerBackLink, type BackLabel, type HeaderVariant } from '../../domain/header-navigation';
import { useBulkMode } from '../../features/bulk/hooks/use-bulk-mode';
import type { TranslationKey } from '../../../shared/texts/da';
import { useTranslation } from '../../i18n/use-translation';
import classes from './app-header.module.css';

const LABEL_KEYS: Record<BackLabel, TranslationKey> = {
  list: 'header.back.list',
  department: 'header.back.department',
  residence: 'header.back.residence',
  copied: 'header.back.copied',
  home: 'header.back.home',
  back: 'header.back',
};

/**
 * The back bar's link (docs/product.md 2 "Other screens and parts": the back links of a residence
 * and the generic one); where it goes is decided by `headerBackLink`. It replaces the pages' own
 * back links, so each page has one way back, first in the tab order after the skip link.
 */
export function HeaderBackLink(props: { variant: Exclude<HeaderVariant, 'default' | 'assessment'> }) {
  const t = useTranslation();
  const router = useRouter();
  const currentPath = useRouterState({ select: (s) => `${s.location.pathname}${s.location.searchStr}` });
  const navigationOrigin = useRouterState({ select: (s) => s.location.state.origin });
  const propertyId = useRouterState({
    select: (s) => (s.matches.at(-1)?.params as { propertyId?: string } | undefined)?.propertyId,
  });
  const { state: bulk } = useBulkMode();
  // The residence route's loader has put the residence in the cache; this only reads it.
  const property = useQuery({
    ...propertyQueryOptions(propertyId ?? ''),
    enabled: props.variant === 'residence' && propertyId !== undefined,
  });

  const link = headerBackLink({
    variant: props.variant,
    currentPath,
    propertyId,
    navigationOrigin,
    bulk: {
      mode: bulk.mode,
      copyRunning: isCopyRunning(bulk),
      origin: bulk.origin,
      approvalOrigin: bulk.approval?.origin ?? null,
    },
    departmentId: property.data ? property.data.departmentId || null : undefined,
    canGoBack: router.history.canGoBack(),
  });
  if (!link) return null;

  const words = t(LABEL_KEYS[link.label]);
  const text =
    link.label === 'department' && property.data?.departmentName
      ? `${words} ${property.data.departmentName}`
      : words;
  const label = <BackLabel>{text}</BackLabel>;

  if ('history' in link) {
    return (
      <Anchor component="button" type="button" className={classes.back} onClick={() => router.history.back()}>
        {label}
      </Anchor>
    );
  }
  return (
    <Anchor className={classes.back} renderRoot={(rootProps) => <Link {...rootProps} href={link.to} />}>
      {label}
    </Anchor>
  );
}

/** The arrow stays beside the words when a long department name wraps on a phone. */
function BackLabel(props: { children: ReactNode }) {
  return (
    <span className={classes.backLabel}>
      <IconArrowLeft size={18} aria-hidden style={{ flexShrink: 0 }} />
      <span className={classes.backText}>{props.children}</span>
    </span>
  );
}
