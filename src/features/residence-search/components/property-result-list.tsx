import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { PropertySearchResult } from '../../../../shared/contract/dto';
import { displayStatus } from '../../../../shared/rules/statuses';
import { INVALID_RESIDENCE_ID } from '../../../../shared/rules/location';
import { useTranslation } from '../../../i18n/use-translation';
import { StatusBadge } from '../../../ui/status-badge';
import { useCurrentPath } from '../../../ui/use-current-path';
import classes from '../../../ui/link-cards.module.css';

/**
 * Nearby results (at most 50): the address as a link to the residence, its status, the distance.
 * A hit names no assessment (PropertySearchResult has no assessmentId), so the way into one is
 * on the residence screen's cards. The search results page, which may list thousands, has a
 * virtualised list of its own (search-hit-list.tsx).
 */
export function PropertyResultList(props: { results: readonly PropertySearchResult[] }) {
  const t = useTranslation();
  const origin = useCurrentPath();
  return (
    <Stack component="ul" gap="xs" className={classes.list}>
      {props.results.map((r) => (
        <Paper component="li" key={r.residenceId} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Anchor
              fw={600}
              renderRoot={(rootProps) =>
                r.residenceId === INVALID_RESIDENCE_ID ? (
                  <span {...rootProps} />
                ) : (
                  <Link
                    {...rootProps}
                    to="/residence/$propertyId"
                    params={{ propertyId: r.residenceId }}
                    state={{ origin }}
                  />
                )
              }
            >
              {r.location}
            </Anchor>
            <Group gap="xs">
              {r.distance !== undefined && (
                <Text size="sm">{t('nearbyProperties.distance', { distance: r.distance })}</Text>
              )}
              <StatusBadge
                status={displayStatus(r.assessmentStatus, r.isCalculated, r.futureApprovedDate)}
                futureApprovedDate={r.futureApprovedDate}
              />
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
