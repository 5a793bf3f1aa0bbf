import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { afterFirstPaint } from '../lib/first-paint';
import { logger } from '../lib/logger';
import { waitForStoredInput } from '../lib/unsaved-input';
import { createListeners } from '../lib/listeners';

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
const listeners = createListeners();

function update(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  listeners.emit();
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  // After the first paint, as a chunk of its own: the first screen needs no worker (one that
  // is installed already controls the page anyway), and on a weak line its registration and
  // precache downloads would share the line with the screen's (docs/performance.md "Bytes on
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
    .then((registration) => {
      if (registration) retryFailedFirstInstall(registration);
    })
    // Without a worker the app still runs online; offline start and background sync are lost.
    .catch((error: unknown) => logger.error('service worker registration failed', error));
}

/** How long a failed first install waits before it is tried again while the device is online. */
const INSTALL_RETRY_MS = 30_000;

/**
 * The first install downloads every file of the app (the precache); one request that fails on a
 * weak line fails the whole install, and the browser tries again only at the next page load. An
 * assessor who opened the app once in the office and then walks into a basement without reloading
 * would have no app offline. So a first install that ends redundant is registered again: when
 * the connection comes back, or after a while on a line that is up. Updates are not retried here:
 * the installed worker keeps serving, and the browser checks for updates on navigation.
 */
export function retryFailedFirstInstall(registration: ServiceWorkerRegistration): void {
  const installing = registration.installing;
  if (!installing || registration.active) return;
  installing.addEventListener('statechange', () => {
    if (installing.state !== 'redundant' || navigator.serviceWorker.controller) return;
    logger.warn('service worker install failed; trying again');
    const again = () => {
      window.removeEventListener('online', again);
      clearTimeout(timer);
      void navigator.serviceWorker
        .register('/sw.js', { scope: '/' })
        .then(retryFailedFirstInstall)
        .catch((error: unknown) => logger.error('service worker registration failed', error));
    };
    window.addEventListener('online', again);
    const timer = setTimeout(() => {
      if (navigator.onLine) again();
    }, INSTALL_RETRY_MS);
  });
}

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    update({ installPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => update({ installPrompt: null }));
}

/** How long an update waits for typed input to be stored on the device before it gives up. */
const UPDATE_INPUT_WAIT_MS = 10_000;

/**
 * The user chose to update: once what the form holds is stored on the device (never a reload
 * that loses typed input, docs/architecture.md 2), the waiting worker takes over and the page
 * reloads once. Answers in the outbox are on the device already and survive the reload and the
 * new release's schema step. If the device refuses to store the input, nothing reloads: the
 * prompt stays for a later try.
 */
export async function applyUpdate(): Promise<void> {
  if (!workbox) return;
  if (!(await waitForStoredInput(UPDATE_INPUT_WAIT_MS))) {
    logger.warn('update postponed: input not stored on the device');
    return;
  }
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
      return listeners.subscribe(listener);
    },
    () => state,
  );
}
