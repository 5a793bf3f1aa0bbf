// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SaveStatusLine } from '../../src/features/assessment/components/save-status-line';
import { askPersistentStorage, storagePersisted } from '../../src/offline/storage-persistence';
import { fillJsdomGaps } from './test-render';

/** Issue 15: the answer of navigator.storage.persist() is checked, and the user told when it is no. */
const EVICTION = /Browseren har ikke lovet at beholde data på enheden/;

function stubPersist(persist: (() => Promise<boolean>) | undefined) {
  vi.stubGlobal('navigator', { ...navigator, storage: persist ? { persist } : undefined });
}

beforeAll(fillJsdomGaps);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('persistent storage', () => {
  it('remembers whether the browser promised to keep the data', async () => {
    stubPersist(() => Promise.resolve(true));
    expect(await askPersistentStorage()).toBe(true);
    expect(storagePersisted()).toBe(true);
    stubPersist(() => Promise.resolve(false));
    expect(await askPersistentStorage()).toBe(false);
    expect(storagePersisted()).toBe(false);
  });

  it('counts a refusal to ask as no promise, and a browser without the API as unknown', async () => {
    stubPersist(() => Promise.reject(new Error('SecurityError')));
    expect(await askPersistentStorage()).toBe(false);
    expect(storagePersisted()).toBe(false);
    stubPersist(undefined);
    expect(await askPersistentStorage()).toBeNull();
    expect(storagePersisted()).toBeNull();
  });
});

describe('the save status beside an answer kept on the device', () => {
  const show = (kind: 'savedOnDevice' | 'saved') =>
    render(
      <MantineProvider env="test">
        <SaveStatusLine status={{ kind }} onRetry={() => {}} />
      </MantineProvider>,
    );

  it('warns that it may be evicted when the browser made no promise', async () => {
    stubPersist(() => Promise.resolve(false));
    await askPersistentStorage();
    show('savedOnDevice');
    expect(screen.getByRole('status')).toHaveTextContent('Gemt på enheden – sendes, når du er online');
    expect(screen.getByText(EVICTION)).toBeInTheDocument();
  });

  it('says nothing more when the browser promised, when it is unknown, or once the answer is on the server', async () => {
    stubPersist(() => Promise.resolve(true));
    await askPersistentStorage();
    show('savedOnDevice');
    expect(screen.queryByText(EVICTION)).toBeNull();
    cleanup();
    localStorage.clear();
    show('savedOnDevice');
    expect(screen.queryByText(EVICTION)).toBeNull();
    cleanup();
    localStorage.setItem('bt:storage-persisted', 'false');
    show('saved');
    expect(screen.queryByText(EVICTION)).toBeNull();
  });
});
