import { Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useActiveOrganization } from '../active-organization';
import { useOrganizations } from '../../../api/get-organizations';
import classes from './organization-banner.module.css';

/**
 * docs/product.md 2: the organization banner shows the active organization with a dialog to change it
 * (change organization, continue, cancel); shown when the user has more than one.
 */
export function OrganizationBanner() {
  const t = useTranslation();
  const active = useActiveOrganization();
  const organizations = useOrganizations(active !== null);
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location });
  const [open, setOpen] = useState(false);

  if (!active || (organizations.data?.length ?? 0) <= 1) return null;
  const organizationName = active.name;

  return (
    <Box className={classes.banner}>
      <Group justify="center" gap="xs" wrap="nowrap" h="100%">
        <Text size="sm" truncate>
          {t('header.organizationBanner.text', { organizationName })}
        </Text>
        <Button
          size="compact-xs"
          variant="white"
          onClick={() => setOpen(true)}
          aria-label={t('header.organizationBanner.change.aria')}
        >
          {t('header.organizationBanner.change')}
        </Button>
      </Group>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('organizations.changeDialog.title')}
        closeButtonProps={{ 'aria-label': t('general.close') }}
        centered
      >
        <Stack gap="md">
          <Text>{t('organizations.changeDialog.body', { organizationName })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="subtle" onClick={() => setOpen(false)}>
              {t('organizations.changeDialog.cancel')}
            </Button>
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('organizations.changeDialog.continue', { organizationName })}
            </Button>
            <Button
              onClick={() => {
                setOpen(false);
                void navigate({
                  to: '/organizations',
                  search: { origin: `${location.pathname}${location.searchStr}` },
                });
              }}
            >
              {t('organizations.changeDialog.change')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}
