import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import { MessagePage } from '../../../ui/message-page';
import { userInfoQueryOptions } from '../../../api/user-info';
import { endSession } from '../end-session';

/**
 * docs/product.md 2 and 8: a 401 or 403 shows a logout page whose link goes to the logout URL if given,
 * otherwise the page reloads. `forbidden` is the role-none variant (docs/product.md 6).
 */
export function RefusedScreen(props: { forbidden: boolean }) {
  const t = useTranslation();
  const queryClient = useQueryClient();
  const logout = async () => {
    const logoutUrl = queryClient.getQueryData(userInfoQueryOptions().queryKey)?.logoutUrl;
    await endSession(queryClient);
    if (logoutUrl) window.location.assign(logoutUrl);
    else window.location.reload();
  };
  return (
    <MessagePage
      title={props.forbidden ? t('general.forbidden') : t('logoutPage.title')}
      description={props.forbidden ? t('general.forbidden.description') : t('logoutPage.description')}
    >
      <div>
        <Button onClick={() => void logout()}>{t('logoutPage.button')}</Button>
      </div>
    </MessagePage>
  );
}
