import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { HELP_IMAGE_CACHE } from './help-images';

/**
 * The service worker's runtime route for images that are not part of the app
 * (docs/architecture.md 2, "Taken along offline"): the help images taken along are answered from
 * the Cache API when the network fails; online the network answers and refreshes the stored
 * copy. Mounted by src/sw.ts.
 */
export function registerHelpImageRoute(): void {
  registerRoute(
    ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/icons/'),
    new NetworkFirst({ cacheName: HELP_IMAGE_CACHE, networkTimeoutSeconds: 5 }),
  );
}
