import type { StaticContent } from '../../shared/contract/static-content';

/**
 * The help images of the question catalogue (docs/product.md 2 "help screen"), kept in the
 * Cache API under this name. The service worker answers image requests from it when the
 * network does not (sw-help-images.ts), so the help dialog shows its pictures in a basement too.
 * Here in `src/offline` with the worker's route rather than in the take-along feature that
 * fills the cache: the worker imports no feature (docs/architecture.md 7).
 */
export const HELP_IMAGE_CACHE = 'bt-help-images';

const IMG_SRC = /<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi;

/** Every image a help entry shows: its image, its phone image and those in its body HTML. */
export function helpImageUrls(content: Pick<StaticContent, 'helpScreenSettings'>): string[] {
  const urls = new Set<string>();
  for (const entry of Object.values(content.helpScreenSettings?.helpScreenPerQuestion ?? {})) {
    if (entry.imageUrl) urls.add(entry.imageUrl);
    if (entry.mobileImageUrl) urls.add(entry.mobileImageUrl);
    for (const match of (entry.bodyText ?? '').matchAll(IMG_SRC)) urls.add(match[1]!);
  }
  return [...urls].filter((url) => !url.startsWith('data:'));
}

/**
 * Stores each image not stored yet. Another origin's image without CORS is stored opaque (an
 * <img> shows it all the same). A full device rejects with the Cache API's QuotaExceededError;
 * an image that cannot be fetched is left out (the dialog shows its caption without it).
 */
export async function cacheHelpImages(urls: readonly string[], signal: AbortSignal): Promise<number> {
  if (urls.length === 0 || typeof caches === 'undefined') return 0;
  const cache = await caches.open(HELP_IMAGE_CACHE);
  let stored = 0;
  for (const url of urls) {
    if (signal.aborted) break;
    if (await cache.match(url)) continue;
    const absolute = new URL(url, location.href);
    let response: Response;
    try {
      response = await fetch(absolute, {
        mode: absolute.origin === location.origin ? 'same-origin' : 'no-cors',
        signal,
      });
    } catch {
      continue;
    }
    if (!response.ok && response.type !== 'opaque') continue;
    await cache.put(absolute, response);
    stored++;
  }
  return stored;
}

/** Removes the stored help images (the last taken-along item is removed). */
export async function dropHelpImages(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(HELP_IMAGE_CACHE);
}
