import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { bigDepartment, demoToken, isDemoAssessment, signInWithToken } from './fixtures';

/**
 * Every screen under the server's Content-Security-Policy (server/src/http/security-headers.ts,
 * docs/architecture.md "Security headers"): no violation, no console error, no uncaught error.
 * The policy allows inline script only by hash, so a screen that needs more fails here.
 */

interface Trouble {
  list: string[];
}

/** Records violations (the browser's own event) and console errors of the page from its start. */
async function watch(page: Page): Promise<Trouble> {
  const trouble: Trouble = { list: [] };
  await page.exposeFunction('__cspViolation', (text: string) => trouble.list.push(`CSP: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.list.push(`console: ${message.text()} on ${page.url()}`);
  });
  page.on('pageerror', (error) => trouble.list.push(`uncaught: ${error.message} on ${page.url()}`));
  return trouble;
}

/** Opens a path and waits for its main heading, as a person waits for the screen. */
async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
}

test.describe('the Content-Security-Policy', () => {
  test('the headers are on every kind of response', async ({ request }) => {
    // Documents (and the service worker's script) carry the policy the pages run under.
    for (const path of ['/', '/departments', '/hjaelp.html', '/sw.js']) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], path).not.toContain("'unsafe-inline' 'self'");
      expect(headers['content-security-policy'], path).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toContain('geolocation=(self)');
      // Plain HTTP here: HSTS only comes over HTTPS.
      expect(headers['strict-transport-security'], path).toBeUndefined();
    }
    // Everything else: a policy that allows nothing, should it be opened as a page.
    for (const path of [
      '/assets/missing.js',
      '/api/v2/staticcontent',
      '/api/v2/nothing',
      '/manifest.webmanifest',
    ]) {
      const headers = (await request.get(path)).headers();
      expect(headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['permissions-policy'], path).toBeUndefined();
    }
  });

  test('signed out: the start, the demo sign-in, the help pages and the 404 page', async ({ page }) => {
    const trouble = await watch(page);
    await visit(page, '/', 'Boligtilgængelighed');
    await page.getByRole('link', { name: 'Log ind' }).click();
    await expect(page.getByRole('button', { name: /Skriver/ })).toBeVisible();
    await visit(page, '/hjaelp.html', /Hjælp/);
    await visit(page, '/tilgaengelighedserklaering.html', /Tilgængelighedserklæring/);
    await visit(page, '/loggedout', /logget ud/i);
    expect(trouble.list).toEqual([]);
  });

  test('signed in: every screen of the write user', async ({ page, request, context }, testInfo) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 55.7704, longitude: 12.5038 });
    const trouble = await watch(page);
    const token = await demoToken(request, 'skriver');
    const { department, rows } = await bigDepartment(request, token);
    const offset = testInfo.project.name === 'phone' ? 5 : 0;
    const calculated = rows.filter((r) => r.isCalculated && isDemoAssessment(r.assessmentId))[offset]!;
    const draft = rows.filter((r) => r.assessmentStatus === 'draft' && isDemoAssessment(r.assessmentId))[
      offset
    ]!;

    await signInWithToken(page, token);
    await expect(page.getByRole('heading', { level: 1, name: /Hej/ })).toBeVisible();
    await visit(page, '/departments', 'Afdelinger');
    await visit(page, `/departments/properties/${department.departmentId}`, department.departmentName);
    await visit(
      page,
      `/properties/search/${encodeURIComponent(draft.streetName)}`,
      new RegExp(draft.streetName),
    );
    // Geolocation is the one browser feature the Permissions-Policy lets the app use.
    await visit(page, '/properties/nearby', 'Boliger i nærheden');
    await page.getByRole('button', { name: 'Brug min position' }).click();
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    await visit(page, `/residence/${draft.residenceId}`, new RegExp(draft.streetName));
    await visit(page, '/activeAssessments', 'Aktive vurderinger');
    await visit(page, '/offline', 'Offline-data');
    await visit(page, `/results/${calculated.residenceId}/${calculated.assessmentId}`, 'Resultat');
    for (const [path, heading] of [
      ['/copy', 'Valgte boliger'],
      ['/copied', 'Kopierede vurderinger'],
      ['/approve', 'Godkend vurderinger'],
      ['/approved', 'Godkendte vurderinger'],
    ] as const)
      await visit(page, path, heading);

    // The form with its dialogs: help (images and HTML from staticcontent) and the comment.
    await page.goto(`/assessment/${draft.residenceId}/${draft.assessmentId}`);
    await expect(page).toHaveURL(/\/assessment\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/);
    const start = page.getByRole('dialog').getByRole('button', { name: 'Start screening' });
    await expect(page.getByRole('button', { name: 'Hjælp' })).toBeVisible();
    if (await start.isVisible()) await start.click();
    await page.getByRole('button', { name: 'Hjælp' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Luk hjælpen' }).last().click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Tilføj kommentar' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    await visit(page, '/no/such/screen', 'Siden findes ikke');
    expect(trouble.list).toEqual([]);
  });
});
