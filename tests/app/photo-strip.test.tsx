// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PhotoInfo } from '../../shared/contract/photos';
import { PhotoStrip } from '../../src/photos/photo-strip';
import type { PhotoTarget } from '../../src/photos/take-photo-button';
import { fillJsdomGaps, json, renderPages } from './test-render';

/**
 * Photos are ours, beyond the spec's API (docs/api.md "Extensions", photos): a question's strip
 * shows only when the server announces them, lists the photos of exactly its question, and offers
 * "Tag foto" only where the assessment takes answers.
 */

beforeAll(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const target: PhotoTarget = {
  residenceId: 'r1',
  assessmentId: 'a1',
  questionUniqueId: 'ENT-01',
  questionTitle: '1. Dørens bredde',
  locationText: 'Søndergade 12',
  ssoUuid: 'u1',
};
const photo = (photoId: string, questionUniqueId: string | null): PhotoInfo => ({
  photoId,
  residenceId: 'r1',
  assessmentId: 'a1',
  questionUniqueId,
  contentType: 'image/jpeg',
  size: 1000,
  sha256: 'x',
  takenAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  createdBy: 'Sofie Skriver',
});

const renderStrip = (staticContent: object, editable: boolean) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).startsWith('/api/v2/photos?')
        ? json([photo('p1', 'ENT-01'), photo('p2', 'ENT-02'), photo('p3', 'ENT-01')])
        : new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), { status: 200 }),
    ),
  );
  return renderPages(
    '/',
    {
      '/': () => (
        <>
          <h1>Spørgsmålet</h1>
          <PhotoStrip target={target} subject="Dørens bredde" editable={editable} />
        </>
      ),
    },
    { staticContent },
  );
};

describe('a question’s photos', () => {
  it('list the photos of that question, with Tag foto while the assessment takes answers', async () => {
    await renderStrip({ extensions: ['photos'] }, true);
    expect(
      await screen.findByRole('button', { name: 'Vis foto 1 af 2 i stor størrelse' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vis foto 2 af 2 i stor størrelse' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tag foto til »Dørens bredde«' })).toBeInTheDocument();
  });

  it('are read-only on a locked assessment', async () => {
    await renderStrip({ extensions: ['photos'] }, false);
    expect(
      await screen.findByRole('button', { name: 'Vis foto 1 af 2 i stor størrelse' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Tag foto/ })).not.toBeInTheDocument();
  });

  it('are not there against a server with only the spec API', async () => {
    await renderStrip({}, true);
    // The page is there, with staticcontent as the server gave it: no strip, no button, no call.
    expect(await screen.findByRole('heading', { name: 'Spørgsmålet' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Fotos/ })).not.toBeInTheDocument();
    // No list asked for. (The earlier tests' thumbnails may still be read meanwhile: their bytes
    // come after the device's copy was looked for, and that reading outlives the page.)
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith('/api/v2/photos?'))).toBe(
      false,
    );
    expect(screen.queryByRole('button', { name: /^Tag foto/ })).not.toBeInTheDocument();
  });
});
