import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every response, in one place (docs/architecture.md "Security
 * headers"). helmet decides the Content-Security-Policy and the usual companions
 * (X-Content-Type-Options, Referrer-Policy, X-Frame-Options, ...); this module adds what helmet
 * does not: Permissions-Policy, and HSTS only where the request came over HTTPS. The headers
 * that only a document or a worker obeys go only on those; every other answer gets a policy
 * that allows nothing.
 *
 * helmet's values never change while the server runs, so they are asked for once, at start
 * (helmetHeaders), and each answer gets one of two fixed sets: @fastify/helmet ran helmet's
 * thirteen middlewares on every request, and this module then took ten of their headers off
 * again on every answer that is not a page (docs/performance.md "The API under load").
 */

export interface SecurityHeaderOptions {
  /** The built PWA: its HTML files' inline scripts are allowed by hash, nothing else inline. */
  staticDir: string | null;
  /** The PWA on another origin (APP_URL): the demo sign-in's form sends the browser there. */
  appUrl: string;
  /** Origins of the help images (HELP_IMAGE_ORIGINS): shown, and fetched to be taken along. */
  helpImageOrigins: readonly string[];
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * `'sha256-…'` of each inline script in the build's HTML files: index.html asks for the
 * opening screen's chunks inline (vite.config.ts `signedInChunkPreload`), before the entry
 * script. A hash, not `'unsafe-inline'`: an injected script is refused. Read once at start; a
 * new build comes with a restart (static-app.ts).
 */
export function inlineScriptHashes(staticDir: string | null): string[] {
  if (!staticDir || !existsSync(staticDir)) return [];
  const hashes = new Set<string>();
  for (const file of readdirSync(staticDir).filter((name) => name.endsWith('.html'))) {
    const html = readFileSync(path.join(staticDir, file), 'utf8');
    for (const [, body] of html.matchAll(INLINE_SCRIPT)) {
      if (body!.trim() === '') continue;
      hashes.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

/** The policy's directives. Styles stay inline-capable: Mantine writes style attributes. */
export function contentSecurityPolicy(options: SecurityHeaderOptions): Record<string, string[]> {
  const appOrigin = options.appUrl ? [new URL(options.appUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(options.staticDir)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...options.helpImageOrigins],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the hub's WebSocket on this origin; help images are fetched to be kept offline.
    'connect-src': ["'self'", ...options.helpImageOrigins],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...appOrigin],
    'frame-ancestors': ["'none'"],
  };
}

/** Geolocation ("Boliger i nærheden") for this origin only; nothing else the app does not use. */
export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()';

/**
 * Headers a browser reads only from a document (or, the policy, a worker's script). On the
 * API's JSON and the build's scripts, styles and images they are ignored, and on HTTP/1.1 they
 * were some 750 bytes of every answer: a fifth of the header bytes a phone receives before the
 * first screen, and on a weak line header bytes cost what body bytes cost.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** For answers that are not documents: should one be opened as a page, it may do nothing. */
export const NON_DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** HTML and SVG render as pages; the service worker's script takes its policy from its answer. */
export function isDocumentOrWorker(contentType: unknown, url: string): boolean {
  if (typeof contentType === 'string' && /^\s*(text\/html|image\/svg\+xml)\b/i.test(contentType)) return true;
  return url === '/sw.js' || url.startsWith('/sw.js?');
}

/** Two years, subdomains included: the value the HSTS preload list asks for. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** The two fixed sets: for a page or a worker's script, and for everything else. */
export interface SecurityHeaderSets {
  document: Readonly<Record<string, string>>;
  other: Readonly<Record<string, string>>;
}

/**
 * The set an answer gets. A 304 updates the headers the browser keeps with its copy: a page's
 * must stay as they are, so it gets a page's headers whatever it answers.
 */
export function securityHeadersFor(
  sets: SecurityHeaderSets,
  status: number,
  contentType: unknown,
  url: string,
): Readonly<Record<string, string>> {
  return status === 304 || isDocumentOrWorker(contentType, url) ? sets.document : sets.other;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers' two sets, for answers sent outside Fastify (static-front.ts). */
    securityHeaders: SecurityHeaderSets;
  }
}

/**
 * The headers helmet's middleware sets for `options`: it is run once against a response that
 * only records them. Its directives here are fixed strings (no nonces), so every request would
 * get the same.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.fromEntries(headers);
}

/** Sets each header the handler has not set itself (a page's Referrer-Policy, for one). */
function addMissing(reply: FastifyReply, headers: Readonly<Record<string, string>>): void {
  for (const name in headers) if (!reply.hasHeader(name)) reply.header(name, headers[name]);
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  const documentHeaders: Record<string, string> = {
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
      // Set below, and only over HTTPS: on plain HTTP (npm start on loopback) it means nothing.
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // As frame-ancestors 'none', for browsers that only know the older header.
      xFrameOptions: { action: 'deny' },
      // A PWA on APP_URL reads the API with CORS, which this header does not touch, but shows
      // help images from here in <img> (no CORS), which same-origin would refuse.
      crossOriginResourcePolicy: { policy: options.appUrl ? 'cross-origin' : 'same-origin' },
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  const documentOnly = new Set<string>(DOCUMENT_ONLY_HEADERS);
  const otherHeaders: Record<string, string> = {
    ...Object.fromEntries(Object.entries(documentHeaders).filter(([name]) => !documentOnly.has(name))),
    'content-security-policy': NON_DOCUMENT_POLICY,
  };
  const sets: SecurityHeaderSets = { document: documentHeaders, other: otherHeaders };
  app.decorate('securityHeaders', sets);
  app.addHook('onSend', (request, reply, payload, done) => {
    addMissing(
      reply,
      securityHeadersFor(sets, reply.statusCode, reply.getHeader('content-type'), request.url),
    );
    // request.protocol reads X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done(null, payload);
  });
}
