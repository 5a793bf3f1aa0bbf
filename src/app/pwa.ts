import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { logger } from '../lib/logger';
import { afterFirstPaint } from '../ui/first-paint';

/**
 * Service worker registration, the update prompt and the install prompt. Updates are
 * offered, never applied by a reload on their own (docs/architecture.md 2).
 */

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  updateWaiting: boolean;
  installPrompt: BeforeInstallPromptEvent | null;
}

let state: PwaState = { updateWaiting: false, installPrompt: null };
let workbox: Workbox | null = null;
const listeners = new Set<() => void>();

function update(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  // After the first paint, as a chunk of its own: the first screen needs no worker (one that
  // is installed already controls the page anyway), and on a weak line its registration and
  // precache downloads would share the line with the screen's (docs/architecture.md "Bytes on
  // the wire").
  void afterFirstPaint()
    .then(() => import('workbox-window'))
    .then(({ Workbox }) => {
      workbox = new Workbox('/sw.js', { scope: '/' });
      workbox.addEventListener('waiting', () => {
        logger.info('a new version is waiting');
        update({ updateWaiting: true });
      });
      return workbox.register();
    })
    // Without a worker the app still runs online; offline start and background sync are lost.
    .catch((error: unknown) => logger.error('service worker registration failed', error));
}

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    update({ installPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => update({ installPrompt: null }));
}

/** The user chose to update: the waiting worker takes over, then the page reloads once. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

export function dismissUpdate(): void {
  update({ updateWaiting: false });
}

export async function promptInstall(): Promise<void> {
  const prompt = state.installPrompt;
  if (!prompt) return;
  await prompt.prompt();
  await prompt.userChoice;
  update({ installPrompt: null });
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
