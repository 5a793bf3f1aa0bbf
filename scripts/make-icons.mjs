/**
 * node scripts/make-icons.mjs: draws the app icon and renders it to the PNGs that the web app
 * manifest and index.html refer to. The design lives here (one source of truth) and is also
 * written to public/favicon.svg.
 *
 * Design (64×64 units): a brand-blue square, a white house silhouette, and in the house the
 * International Symbol of Access (wheelchair user) in brand blue.
 *  - favicon.svg, icon-192.png, icon-512.png: rounded square filling the canvas; the
 *    corners outside it are transparent.
 *  - icon-maskable-512.png, apple-touch-icon.png: full-bleed blue (no transparency, no rounded
 *    corners: the platform applies its own mask) with the house scaled into the safe zone, the
 *    centred circle of 80 % of the icon's width.
 *
 * Rendering uses Debian's Chromium through playwright-core (CHROMIUM_PATH overrides the path).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BRAND = '#1c5d99';
const WHITE = '#ffffff';
const VIEW = 64;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'public');
const iconDir = path.join(publicDir, 'icons');

/** House outline: ridge at the top, eaves overhanging the walls, flat floor. */
const HOUSE_POINTS = [
  [32, 8],
  [5, 31],
  [13, 31],
  [13, 55],
  [51, 55],
  [51, 31],
  [59, 31],
];
const HOUSE = `M${HOUSE_POINTS.map(([x, y]) => `${x} ${y}`).join(' ')}z`;

/** The wheelchair user, drawn with round strokes so it stays legible at small sizes. */
const wheelchairUser = `
  <circle cx="28" cy="20" r="3.6" fill="${BRAND}"/>
  <g fill="none" stroke="${BRAND}" stroke-width="3.6" stroke-linecap="round" stroke-linejoin="round">
    <path d="M28 27v10h10l3.5 8h4"/>
    <path d="M28 31.5h7"/>
    <path d="M26.3 36.5a7.3 7.3 0 1 0 9.1 8.6"/>
  </g>`;

/** House plus pictogram, in the 64-unit coordinate system. */
const glyph = `
  <path d="${HOUSE}" fill="${WHITE}"/>${wheelchairUser}`;

/** Centre of the house's bounding box; the full-bleed icons put it at the canvas centre. */
const HOUSE_CENTRE = [
  (Math.min(...HOUSE_POINTS.map(([x]) => x)) + Math.max(...HOUSE_POINTS.map(([x]) => x))) / 2,
  (Math.min(...HOUSE_POINTS.map(([, y]) => y)) + Math.max(...HOUSE_POINTS.map(([, y]) => y))) / 2,
];

/** Scale that puts every house corner inside a centred circle of `fraction` of the width. */
function safeZoneScale(fraction) {
  const radius = (VIEW * fraction) / 2;
  const [cx, cy] = HOUSE_CENTRE;
  const farthest = Math.max(...HOUSE_POINTS.map(([x, y]) => Math.hypot(x - cx, y - cy)));
  return radius / farthest;
}

function svgDocument(body, size) {
  const dims = size ? ` width="${size}" height="${size}"` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${VIEW} ${VIEW}"${dims} role="img" aria-label="Boligtilgængelighed">${body}
</svg>
`;
}

/** The favicon: a rounded square that fills the canvas. */
function roundedIcon(size) {
  return svgDocument(
    `
  <rect width="${VIEW}" height="${VIEW}" rx="14" fill="${BRAND}"/>${glyph}`,
    size,
  );
}

/** Full-bleed: opaque square, house inside the safe zone (with a little margin to spare). */
function fullBleedIcon(size) {
  // The safe zone is 80 % of the width; 76 % leaves a little margin to spare.
  const s = safeZoneScale(0.76);
  const c = VIEW / 2;
  const [hx, hy] = HOUSE_CENTRE;
  const transform = `translate(${c} ${c}) scale(${s.toFixed(4)}) translate(${-hx} ${-hy})`;
  return svgDocument(
    `
  <rect width="${VIEW}" height="${VIEW}" fill="${BRAND}"/>
  <g transform="${transform}">${glyph}
  </g>`,
    size,
  );
}

const outputs = [
  { file: 'icon-192.png', size: 192, svg: roundedIcon, opaque: false },
  { file: 'icon-512.png', size: 512, svg: roundedIcon, opaque: false },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleedIcon, opaque: true },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleedIcon, opaque: true },
];

mkdirSync(iconDir, { recursive: true });
writeFileSync(path.join(publicDir, 'favicon.svg'), roundedIcon());
console.log('wrote public/favicon.svg');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (const { file, size, svg, opaque } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent}svg{display:block}</style></head><body>${svg(size)}</body></html>`,
    );
    const target = path.join(iconDir, file);
    await page.screenshot({
      path: target,
      clip: { x: 0, y: 0, width: size, height: size },
      // Full-bleed icons are opaque anyway; the rounded ones keep transparent corners
      // (with omitBackground false Chromium would paint them white).
      omitBackground: !opaque,
    });
    await page.close();
    console.log(`wrote public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
