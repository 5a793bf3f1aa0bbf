import { createRequire } from 'node:module';

/**
 * How the specs launch Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium).
 *
 * Headless Chromium is the whole browser: every context is a browser window, and each window
 * starts two renderers of the browser's own for the address bar's suggestion popups
 * (`chrome://omnibox-popup.top-chrome/`), which no spec ever shows. On CI's two cores they cost
 * a sixth of the run (docs/performance.md "The test suite"), so they are switched off.
 *
 * Chromium reads only the last `--disable-features`, and Playwright passes one of its own
 * first, so ours repeats Playwright's list. That list is Playwright's (its
 * `chromiumSwitches.ts`) as of the version below; another version must be compared and the
 * list brought up to date, or a feature Playwright needs off would silently be on again.
 */
const PLAYWRIGHT_VERSION = '1.65.1';
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const installed = (createRequire(import.meta.url)('playwright-core/package.json') as { version: string })
  .version;
if (installed !== PLAYWRIGHT_VERSION) {
  throw new Error(
    `e2e/chromium.ts repeats the features Playwright ${PLAYWRIGHT_VERSION} disables, but ${installed} is installed: ` +
      'compare disabledFeatures in playwright-core/lib/coreBundle.js and update the list and the version.',
  );
}

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
  ],
};
