import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { hasWriteAccess } from '../../../domain/session-rules';
import { useTranslation } from '../../../i18n/use-translation';
import { NotFoundScreen } from '../../../ui/not-found-screen';
import { useUserInfo } from '../../../api/user-info';
import { useToken } from '../use-token';

/**
 * Spec 6: routes that need the write role show the 404 page to everyone else, so a read
 * user cannot even tell they exist. The server refuses their calls on its own as well.
 */
export function WriteOnly(props: { children: ReactNode }) {
  const t = useTranslation();
  const userInfo = useUserInfo(useToken() !== null);
  if (userInfo.data) return hasWriteAccess(userInfo.data.role) ? props.children : <NotFoundScreen />;
  if (userInfo.isPending && userInfo.fetchStatus !== 'idle') {
    return (
      <Center py="xl">
        <Loader aria-label={t('general.loading')} />
      </Center>
    );
  }
  return <NotFoundScreen />;
}
