// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../src/api/token-store';
import { useSendWaitingAnswers } from '../../src/features/outbox/hooks/use-send-waiting-answers';
import { appDatabase } from '../../src/offline/db';
import { queueHiddenQuestionsSync } from '../../src/offline/outbox';
import { unsignedToken } from './test-render';

/**
 * Before an approval the outbox is sent; an assessment with anything still on the device is not
 * approved. The hidden-questions sync counts too: approved before it, answers that screening
 * hides would be counted in the results.
 */

const USER = '11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  tokenStore.clear();
  await appDatabase().outbox.clear();
});

describe('sending what waits before an approval', () => {
  it('holds back an assessment whose hidden-questions sync is still on the device, not the others', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    tokenStore.set(unsignedToken(USER));
    await queueHiddenQuestionsSync(appDatabase(), { assessmentId: 'a-1', propertyId: 'p-1', ssoUuid: USER });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    );
    const waiting = renderHook(() => useSendWaitingAnswers('a-1'), { wrapper });
    const other = renderHook(() => useSendWaitingAnswers('a-2'), { wrapper });
    expect(await other.result.current()).toBe(true);
    expect(await waiting.result.current()).toBe(false);
  });
});
