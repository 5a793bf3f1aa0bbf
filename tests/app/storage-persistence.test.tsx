// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SaveStatusLine } from '../../src/features/assessment/components/save-status-line';
import { askPersistentStorage, storagePersisted } from '../../src/offline/storage-persistence';
import { fillJsdomGaps } from './test-render';

/**
 * The answer of navigator.storage.persist() is checked, and the user told when it is no
 * (docs/architecture.md 2 "Save status").
 */
const EVICTION = /Browseren har ikke lovet at beholde data på enheden/;

/** A browser whose `persist()` answers `granted` (or throws), and which remembers it. */
function stubStorage(granted: boolean | Error | undefined) {
  let promised = false;
  const storage =
    granted === undefined
      ? undefined
      : {
          persist: vi.fn(async () => {
            if (granted instanceof Error) throw granted;
            promised = granted;
            return granted;
          }),
          persisted: vi.fn(async () => promised),
        };
  vi.stubGlobal('navigator', { ...navigator, storage });
  return storage;
}

beforeAll(fillJsdomGaps);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('persistent storage', () => {
  it('asks the browser, and reads back whether it promised to keep the data', async () => {
    const granting = stubStorage(true);
    await askPersistentStorage();
    expect(granting!.persist).toHaveBeenCalledOnce();
    expect(await storagePersisted()).toBe(true);
    stubStorage(false);
    await askPersistentStorage();
    expect(await storagePersisted()).toBe(false);
  });

  it('counts a refusal to ask as no promise, and a browser without the API as unknown', async () => {
    stubStorage(new Error('SecurityError'));
    await expect(askPersistentStorage()).resolves.toBeUndefined();
    expect(await storagePersisted()).toBe(false);
    stubStorage(undefined);
    await expect(askPersistentStorage()).resolves.toBeUndefined();
    expect(await storagePersisted()).toBeNull();
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
    stubStorage(false);
    await askPersistentStorage();
    show('savedOnDevice');
    expect(screen.getByRole('status')).toHaveTextContent('Gemt på enheden – sendes, når du er online');
    expect(await screen.findByText(EVICTION)).toBeInTheDocument();
  });

  it('says nothing more when the browser promised, when it is unknown, or once the answer is on the server', async () => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    stubStorage(true);
    await askPersistentStorage();
    show('savedOnDevice');
    await settle();
    expect(screen.queryByText(EVICTION)).not.toBeInTheDocument();
    cleanup();
    stubStorage(undefined);
    show('savedOnDevice');
    await settle();
    expect(screen.queryByText(EVICTION)).not.toBeInTheDocument();
    cleanup();
    stubStorage(false);
    show('saved');
    await settle();
    expect(screen.queryByText(EVICTION)).not.toBeInTheDocument();
  });
});
