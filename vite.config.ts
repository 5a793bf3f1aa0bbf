import { constants as zlibConstants } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { EARLY_ROUTES, SESSION_URLS, earlyRequests } from './src/app/early-requests';
import { routeFilePath, routeFilePattern } from './src/app/route-file-pattern';
import { signedInHeaderParts, type SignedInHeaderPart } from './src/domain/header-navigation';
import { themeCssVariables } from './src/app/theme-css-variables';
import { API_VERSION_FLAG } from './src/lib/feature-flags';
import { ORGANIZATION_ID_COOKIE, TOKEN_COOKIE } from './src/offline/cookies';

/**
 * Mantine's per-component styles (mantine.dev "CSS files list") travel with the JavaScript that
 * renders the component: every `X.module.mjs` under @mantine/core/esm/components or utils (the
 * class names of `X.module.css`) imports `@mantine/core/styles/X.css`. A chunk that bundles a
 * component thus carries its sheet, and a component's dependencies (Button on UnstyledButton) come
 * first because their modules are imported first. src/main.tsx imports the global sheets before
 * any component. The dev server pre-bundles Mantine, which skips this hook, so `vite` alone loads
 * the whole sheet.
 */
function mantineComponentStyles(): Plugin {
  const globalSheetImport = /^import '@mantine\/core\/styles\/[\w-]+\.css';$/gm;
  // Components, and the helpers they share (utils/InlineInput: the label beside a Checkbox,
  // Radio or Switch).
  const classNamesModule = /@mantine\/core\/esm\/(?:components|utils)\/.+\/(\w+)\.module\.mjs$/;
  let serve = false;
  return {
    name: 'mantine-component-styles',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) {
        // The whole sheet (which holds the global ones) in place of the global sheets.
        if (!id.endsWith('/src/main.tsx')) return null;
        return `import '@mantine/core/styles.css';\n${code.replace(globalSheetImport, '')}`;
      }
      const name = classNamesModule.exec(id)?.[1];
      return name ? `import '@mantine/core/styles/${name}.css';\n${code}` : null;
    },
  };
}

/**
 * The theme's CSS variables, written into index.html at build instead of computed by
 * MantineProvider at every start (src/app/theme-css-variables.ts).
 */
function themeCssVariablesInHtml(): Plugin {
  return {
    name: 'theme-css-variables',
    transformIndexHtml: () => [
      {
        tag: 'style',
        attrs: { 'data-mantine-styles': true },
        children: themeCssVariables(),
        injectTo: 'head',
      },
    ],
  };
}

/**
 * Every start asks for `staticcontent` (the Danish text overrides and the service message). The
 * request goes out with the HTML, beside the entry script, instead of after the script has run:
 * src/main.tsx waits briefly for it before the first render, so the service message is there in
 * the first frame and pushes nothing down later (docs/performance.md "Bytes on the wire"). Same
 * URL, mode and credentials as the app's own fetch, which therefore takes the preloaded answer.
 */
function staticContentPreload(): Plugin {
  let href = '/api/v2/staticcontent';
  return {
    name: 'static-content-preload',
    configResolved(config) {
      const apiBase = String(config.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');
      href = `${apiBase}/api/v2/staticcontent`;
    },
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'preload', as: 'fetch', href, crossorigin: 'anonymous' },
        injectTo: 'head',
      },
    ],
  };
}

/**
 * The modules of the header's lazy parts, which src/app/layout/app-header.tsx imports
 * (`loadHeaderPart` there names the same parts). The build fails when one is no longer a chunk.
 */
const HEADER_PART_MODULES: Record<SignedInHeaderPart, string> = {
  searchBox: '/src/features/residence-search/components/property-search-box.tsx',
  backLink: '/src/app/layout/header-back-link.tsx',
  organizationBanner: '/src/features/organizations/components/organization-banner.tsx',
  takeAlongStatus: '/src/features/take-along/components/take-along-status.tsx',
};

/**
 * A signed-in start needs its screen's lazy chunks (the route's own, `shared`, their CSS), but the
 * app only asks for them once the entry script has been downloaded and run: on a phone that is a
 * second or more in which the line stands idle, and then another round trip for each level of
 * imports. When the session cookie is there (src/offline/cookies.ts), inline script in index.html
 * matches the opening path against a table of the routes' URL patterns and asks at once, beside
 * the entry, for that route's chunk with everything it imports; the app's own `import()` then
 * finds them loaded (docs/performance.md "Bytes on the wire"). Not what the screen loads after
 * its first paint (the question's dialogs): asked for early, it would share the weak line with
 * what the first paint needs. The script comes first in `<head>`: an inline script after a stylesheet
 * waits for the stylesheet. Signed out nothing is asked for, so a first visit still downloads no
 * signed-in code.
 *
 * The same script sends the API requests the screen's first paint waits for
 * (src/app/early-requests.ts, whose `earlyRequests` it runs), with the token from the cookie,
 * and leaves their answers in `window.__btEarly` for the app (src/api/early-responses.ts): the
 * data arrives while the entry script does, instead of a round trip or two after it has run.
 */

function signedInChunkPreload(): Plugin {
  let base = '/';
  let apiBase = '';
  return {
    name: 'signed-in-chunk-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      apiBase = String(config.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What the HTML loads anyway: the entry and what it imports.
        const inHtml = new Set<string>();
        for (const chunk of chunks.filter((c) => c.isEntry)) {
          inHtml.add(chunk.fileName);
          for (const file of chunk.imports) inHtml.add(file);
        }
        const files: string[] = [];
        const indexOf = (file: string) => {
          const at = files.indexOf(file);
          return at >= 0 ? at : files.push(file) - 1;
        };
        /** The chunk, what it imports statically (all the way down) and their CSS, as table indexes. */
        const closure = (file: string, into: Set<number>) => {
          const chunk = byFile.get(file);
          if (!chunk || inHtml.has(file) || into.has(indexOf(file))) return;
          into.add(indexOf(file));
          for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(indexOf(css));
          for (const imported of chunk.imports) closure(imported, into);
        };
        // The header's parts on a path: its header renders them in the first frame, and asked
        // for only when it renders, each would be a round trip after the entry has run.
        const headerPartChunks = Object.fromEntries(
          Object.entries(HEADER_PART_MODULES).map(([part, module]) => {
            const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
            if (!chunk) throw new Error(`no chunk for the header's ${part} (${module})`);
            return [part, chunk.fileName];
          }),
        ) as Record<SignedInHeaderPart, string>;
        const headerParts = (pathname: string, into: Set<number>) => {
          for (const part of signedInHeaderParts(pathname)) closure(headerPartChunks[part], into);
        };
        const routes: [string, number[]][] = [];
        for (const chunk of chunks) {
          const [file, query] = (chunk.facadeModuleId ?? '').split('?');
          if (!query?.includes('tsr-split=') || !query.includes('component')) continue;
          const pattern = routeFilePattern(file!);
          if (!pattern) continue;
          const wanted = new Set<number>();
          closure(chunk.fileName, wanted);
          // Under the signed-in layout only (the others' header has no lazy parts); the header
          // decides by the path's shape, never by a parameter's value.
          if (file!.includes('/src/routes/_signedIn/')) headerParts(routeFilePath(file!)!, wanted);
          routes.push([pattern.source, [...wanted].sort((a, b) => a - b)]);
        }
        if (routes.length === 0) return html;
        const table = routes.map(([source, at]) => `[/${source}/,${JSON.stringify(at)}]`);
        // Any other path (home and its lazy cards, a path the router will refuse): `shared`,
        // and the header's parts as home shows them.
        const common = new Set<number>();
        for (const chunk of chunks.filter((c) => c.name === 'shared')) closure(chunk.fileName, common);
        headerParts('/', common);
        const names = {
          token: TOKEN_COOKIE,
          organization: ORGANIZATION_ID_COOKIE,
          apiVersionFlag: API_VERSION_FLAG,
        };
        const requests =
          `(${earlyRequests.toString()})(location.pathname,C,${JSON.stringify(apiBase)},` +
          `${JSON.stringify(names)},${JSON.stringify(SESSION_URLS)},${JSON.stringify(EARLY_ROUTES)})`;
        // Each answer is handled here too: one the app never takes fails without an unhandled
        // rejection. Offline nothing is sent: the app asks for nothing then either (React Query
        // waits for the network), and each failed request is an error in the console.
        const early =
          `const x=${requests};if(x&&navigator.onLine){const a=Date.now(),E=window.__btEarly={};` +
          `for(const u of x.urls){const p=fetch(u,{headers:{Accept:'application/json',Authorization:'Bearer '+x.token},credentials:'same-origin'});` +
          `p.catch(()=>{});E[u]={t:x.token,at:a,p}}}`;
        // The cookies are read once: the page's first read asks the browser's network process.
        const script =
          `{const C=document.cookie;if(/(?:^|;\\s*)${TOKEN_COOKIE}=/.test(C)){` +
          `const F=${JSON.stringify(files.map((file) => base + file))},` +
          `r=[${table.join(',')}].find(r=>r[0].test(location.pathname));` +
          `for(const i of r?r[1]:${JSON.stringify([...common])}){const f=F[i],l=document.createElement('link'),s=f.endsWith('.css');` +
          `l.rel=s?'preload':'modulepreload';if(s)l.as='style';l.href=f;l.crossOrigin='';document.head.append(l)}${early}}}`;
        // Before the entry's tags (and its stylesheet), after the meta tags and the title.
        return html.replace('</title>', `</title>\n    <script>${script}</script>`);
      },
    },
  };
}

// The PWA. `npm start` serves the build from the API's origin; `vite` alone proxies the API.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its screen: what the loaders import (IndexedDB, the bulk
      // flows) stays out of the entry chunk, and one chunk brings both (docs/performance.md
      // "Bytes on the wire"). beforeLoad always stays in the entry: the guards run first.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    mantineComponentStyles(),
    staticContentPreload(),
    themeCssVariablesInHtml(),
    signedInChunkPreload(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Updates wait for the user (docs/architecture.md 2: never a reload that interrupts an answer).
      registerType: 'prompt',
      injectRegister: false,
      // The glob below already takes the favicon and every icon: listed again (includeAssets, the
      // manifest's icons) they stood twice in the precache manifest.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The office's overview (its chart library, 110 kB on the wire) is not precached: it
        // needs the server's figures anyway, and a phone's first install on a weak line would
        // carry it for nothing (docs/performance.md "Bytes on the wire").
        globIgnores: ['**/assets/overview-*'],
      },
      manifest: {
        id: '/',
        name: 'Boligtilgængelighed',
        short_name: 'Tilgængelighed',
        description: 'Vurdér boligers tilgængelighed for mennesker med handicap – også uden forbindelse.',
        lang: 'da',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1c5d99',
        background_color: '#ffffff',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    // Brotli and gzip twins of every text asset, so that the server sends them as they are
    // (docs/performance.md "Bytes on the wire"): compressed once at build, never per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|mjs|css|html|svg|json|webmanifest)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/auth': 'http://127.0.0.1:8080',
      '/messagehub': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk: the first visit fetches one
        // script instead of some thirty small shared ones, each a round trip on a slow line.
        // What two or more lazy chunks share (Mantine's heavier components, the query helpers,
        // the outbox) goes into one `shared` chunk, so a signed-in screen opens with about ten
        // requests instead of fifty: on six HTTP/1.1 connections and a 150 ms round trip the
        // waves of small chunks cost more than the 15-25 KB the merge adds (docs/performance.md
        // "Bytes on the wire"). Each lazy route keeps its own chunk for what only it uses.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // Dexie travels alone instead of inside `shared`: the restore of the persisted cache
            // reads IndexedDB without it (src/offline/key-value-mirror.ts), and the first write
            // loads it beside the screen's chunks.
            {
              name: 'storage',
              test: /node_modules[\\/]dexie[\\/]|src[\\/]offline[\\/](db|mirrored-storage)\.ts$/,
            },
            // The date pickers (Mantine's dates package) only open in the approval flows; inside
            // `shared` they were a fifth of what every signed-in screen downloaded first. Their
            // dependencies (Mantine's core, dayjs) stay where the other chunks find them.
            {
              name: 'dates',
              test: /node_modules[\\/]@mantine[\\/]dates[\\/]|src[\\/](ui[\\/]future-day-picker|features[\\/]bulk[\\/]approve[\\/]bulk-approve-date-picker|features[\\/]results[\\/]components[\\/]approve-date-picker)\.tsx$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'outbox',
              // The token's copy for Background Sync (credentials) goes with the outbox client that
              // writes it, and the outbox of the app's database (device-outbox, and the photos'
              // photo-outbox, device-photos and kept-photos) with the outbox it wraps: in `shared`
              // either pulls the outbox and Dexie onto every screen's first load.
              test: /src[\\/](offline[\\/](outbox(-[a-z-]+)?|device-outbox|photo-outbox|device-photos|kept-photos|credentials)\.ts|features[\\/]outbox[\\/])/,
              includeDependenciesRecursively: false,
            },
            // The photos' screens and hooks (src/photos) read the device's photos through the outbox:
            // in `shared` they would pull the outbox and Dexie onto the first load of every screen,
            // the lists' too. Only the form, the residence and the results use them.
            { name: 'photos', test: /src[\\/]photos[\\/]/, includeDependenciesRecursively: false },
            { name: 'shared', minShareCount: 2 },
          ],
        },
      },
    },
  },
});
