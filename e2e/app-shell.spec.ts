import { expect, test } from './test';
import {
  bigDepartment,
  demoToken,
  expectAccessible,
  markGuidanceTipsShown,
  signInThroughSso,
  signInWithToken,
  tellPageItIsOffline,
} from './fixtures';

test.describe('signing in and the app shell', () => {
  test('a user of three organizations signs in through the demo SSO, chooses one and is greeted', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Velkommen til Boligtilgængelighed' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Velkommen til Boligtilgængelighed – Boligtilgængelighed');
    await expectAccessible(page, 'login screen');
    await page.getByRole('link', { name: 'Log ind' }).click();
    await expect(page.getByRole('heading', { name: 'Demo-login' })).toBeVisible();
    await expectAccessible(page, 'demo SSO page');
    await page.getByRole('button', { name: /Freja Flere/ }).click();

    await expect(page).toHaveURL(/\/organizations/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vælg organisation' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Vælg / })).toHaveCount(3);
    await expectAccessible(page, 'organizations');
    await page.getByLabel('Søg efter organisation').fill('havtorn');
    await expect(page.getByRole('button', { name: /^Vælg / })).toHaveCount(1);
    await page.getByRole('button', { name: 'Vælg Boligorganisationen Havtornbo' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hej Freja Flere' })).toBeVisible();
    await expect(page.getByText('Du arbejder i Boligorganisationen Havtornbo')).toBeVisible();
    await expectAccessible(page, 'home');
  });

  test("signing in as another user over a session shows only the new user's organizations and data", async ({
    page,
    request,
  }) => {
    // A shared tablet, one user after the other, without a logout between (docs/product.md 4
    // "Session").
    await signInWithToken(page, await demoToken(request, 'flere'));
    await page.getByRole('button', { name: 'Vælg Boligorganisationen Havtornbo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hej Freja Flere' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Afdelinger/ })).toBeVisible();

    await signInWithToken(page, await demoToken(request, 'skriver'));
    // Sofie has one organization: straight home, no choice among Freja's three.
    await expect(page.getByRole('heading', { level: 1, name: 'Hej Sofie Skriver' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByText('Havtornbo')).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'organization_id')?.value).toBe(
      '7c2e4b1a-3f5d-4e8a-9b6c-1d2e3f4a5b01',
    );
    // Nothing of Freja's was kept under Sofie's name: a reload shows Sofie's own.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hej Sofie Skriver' })).toBeVisible();
    await expect(page.getByText('Havtornbo')).toHaveCount(0);
  });

  test('the organization banner changes the organization through its dialog', async ({ page }) => {
    await signInThroughSso(page, /Freja Flere/);
    await page.getByRole('button', { name: 'Vælg Boligforeningen Kløverhjem Syd' }).click();
    await page.getByRole('button', { name: 'Skift organisation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Skift organisation' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'change organization dialog');
    await dialog.getByRole('button', { name: 'Skift organisation' }).click();
    await page.getByRole('button', { name: 'Vælg Boligselskabet Lyngtoft Østjylland' }).click();
    await expect(page.getByText('Du arbejder i Boligselskabet Lyngtoft Østjylland')).toBeVisible();
  });

  test('a user of one organization skips the choice, and a reload stays signed in', async ({ page }) => {
    await signInThroughSso(page, /Sofie Skriver/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hej Sofie Skriver' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    // One organization: no banner to change it.
    await expect(page.getByRole('button', { name: 'Skift organisation' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hej Sofie Skriver' })).toBeVisible();
  });

  test('a user without an organization is told so and can log out', async ({ page, request }) => {
    await signInWithToken(page, await demoToken(request, 'uden-org'));
    await expect(
      page.getByText('Du er ikke tilknyttet en organisation endnu', { exact: false }),
    ).toBeVisible();
    await expectAccessible(page, 'no organization');
    // Logout continues to the sign-on's logout page (docs/product.md 4 "Logout").
    await page.getByRole('button', { name: 'Log ud' }).click();
    await expect(page.getByRole('heading', { name: 'Du er logget ud' })).toBeVisible();
  });

  test('a user with the role none is refused', async ({ page, request }) => {
    await signInWithToken(page, await demoToken(request, 'uden-rolle'));
    await expect(page.getByRole('heading', { level: 1, name: 'Du har ikke adgang' })).toBeVisible();
    await expectAccessible(page, 'forbidden');
  });

  test('Back after signing in never returns to the sign-in URL that holds the token', async ({ page }) => {
    await signInThroughSso(page, /Sofie Skriver/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hej Sofie Skriver' })).toBeVisible();
    const visited: string[] = [];
    for (let step = 0; step < 3; step++) {
      const back = await page.goBack();
      if (!back) break;
      visited.push(page.url());
    }
    expect(visited.length).toBeGreaterThan(0);
    expect(visited.filter((url) => url.includes('token='))).toEqual([]);
  });

  test("logging out on the home screen clears the session and goes on to the sign-on's logout page", async ({
    page,
    request,
  }) => {
    await signInThroughSso(page, /Sofie Skriver/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hej Sofie Skriver' })).toBeVisible();
    // A copy of the token, as a proxy's log or a shared device could hold it.
    const copy = (await page.context().cookies()).find((c) => c.name === 'authentication_token')!.value;
    await page.getByRole('button', { name: 'Log ud' }).click();
    // The sign-on's own logout page, from the root path too (docs/product.md 4 "Logout").
    await expect(page.getByRole('heading', { name: 'Du er logget ud' })).toBeVisible();
    await page.getByRole('link', { name: 'Tilbage til Boligtilgængelighed' }).click();
    await expect(page.getByRole('link', { name: 'Log ind' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    const cookies = (await page.context().cookies()).map((c) => c.name);
    expect(cookies).not.toContain('authentication_token');
    expect(cookies).not.toContain('organization_id');
    await page.reload();
    await expect(page.getByRole('link', { name: 'Log ind' })).toBeVisible();
    // The server ended the session: the copy is worth nothing (docs/architecture.md "Sessions and
    // revocation").
    const after = await request.get('/api/v2/userinfo', { headers: { Authorization: `Bearer ${copy}` } });
    expect(after.status()).toBe(401);
    expect(((await after.json()) as { code: string }).code).toBe('SESSION_ENDED');
  });

  test('a token the server refuses, with no session on the device, goes to the login screen with returnUrl', async ({
    page,
    context,
    baseURL,
  }) => {
    // A well-formed token the server did not sign: the app believes it, the server does not.
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const forged = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', sso_uuid: 'y', exp })}.c2lnbmF0dXJl`;
    await context.addCookies([
      { name: 'authentication_token', value: forged, url: baseURL! },
      { name: 'organization_id', value: 'org', url: baseURL! },
    ]);
    await page.goto('/organizations?x=1');
    await expect(page).toHaveURL(/\/\?returnUrl=%2Forganizations%3Fx%3D1$/);
    const login = page.getByRole('link', { name: 'Log ind' });
    await expect(login).toHaveAttribute('href', /returnPath=%2Forganizations%3Fx%3D1$/);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('authentication_token');
  });

  test('an expired token online asks for a new sign-in in place, which returns to the same screen', async ({
    page,
    request,
  }) => {
    await signInWithToken(page, await demoToken(request, 'skriver', 4), '/departments');
    await expect(page.getByRole('heading', { level: 1, name: 'Afdelinger' })).toBeVisible();
    const renewal = page.getByRole('status').filter({ hasText: 'Dit login er udløbet' });
    await expect(renewal).toContainText(
      'Dine svar gemmes på enheden og sendes, når du har logget ind igen.',
      { timeout: 15_000 },
    );
    // Nothing ended: the same screen, its data, the organization.
    await expect(page).toHaveURL(/\/departments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Afdelinger' })).toBeVisible();
    await expectAccessible(page, 'renewal notice');
    await renewal.getByRole('link', { name: 'Log ind igen' }).click();
    await page.getByRole('button', { name: /Sofie Skriver/ }).click();
    await expect(page).toHaveURL(/\/departments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Afdelinger' })).toBeVisible();
    await expect(renewal).toHaveCount(0);
  });

  test('a device session past its limit locks at /loggedout, deletes nothing, and a sign-in returns', async ({
    page,
    context,
    request,
  }) => {
    await signInWithToken(page, await demoToken(request, 'skriver', 3), '/departments');
    await expect(page.getByRole('heading', { level: 1, name: 'Afdelinger' })).toBeVisible();
    // SESSION_MAX_AGE_S after the sign-in is hours; this device session ends in a few seconds.
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('bt-device-session')!) as { lockAt: number };
      localStorage.setItem('bt-device-session', JSON.stringify({ ...session, lockAt: Date.now() + 5_000 }));
    });
    await expect(page).toHaveURL(/\/loggedout\?returnUrl=%2Fdepartments$/, { timeout: 20_000 });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Log ind igen for at fortsætte' }),
    ).toBeVisible();
    await expect(page.getByText('Intet er slettet')).toBeVisible();
    await expectAccessible(page, 'locked session');
    expect((await context.cookies()).map((c) => c.name)).toContain('organization_id');
    expect(await page.evaluate(() => localStorage.getItem('bt-device-session'))).not.toBeNull();
    await page.getByRole('link', { name: 'Log ind igen' }).click();
    await page.getByRole('button', { name: /Sofie Skriver/ }).click();
    await expect(page).toHaveURL(/\/departments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Afdelinger' })).toBeVisible();
  });

  test('an unknown path shows the not-found screen with a link home', async ({ page }) => {
    await page.goto('/findes/ikke');
    await expect(page.getByRole('heading', { level: 1, name: 'Siden findes ikke' })).toBeVisible();
    await expectAccessible(page, '404');
    await page.getByRole('link', { name: 'Gå til forsiden', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-out visit to a page goes to the login screen and back after signing in', async ({
    page,
  }) => {
    await markGuidanceTipsShown(page);
    // A page with a query: the way back keeps all of it.
    await page.goto('/properties?q=Ege');
    await expect(page).toHaveURL(/\/\?returnUrl=/);
    await page.getByRole('link', { name: 'Log ind' }).click();
    await page.getByRole('button', { name: /Sofie Skriver/ }).click();
    await expect(page).toHaveURL(/\/properties\?q=Ege$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find en bolig' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Søg efter bolig' })).toHaveValue('Ege');
  });

  test('the service message can be dismissed for the session', async ({ page }) => {
    await page.goto('/');
    const message = page.getByRole('region', { name: 'Driftsbesked' });
    await expect(message).toBeVisible();
    await message.getByRole('button', { name: 'Luk beskeden' }).click();
    await expect(message).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Driftsbesked' })).toHaveCount(0);
  });
});

test.describe('the start on a weak line', () => {
  // index.html asks for the opening screen's chunks beside the entry when signed in
  // (vite.config.ts signedInChunkPreload); the app's own imports then find them loaded.
  /** The links the inline script added: parsed before the entry's tag, they stand before it. */
  const preloads = (page: import('@playwright/test').Page) =>
    page.evaluate(() => {
      const links: string[] = [];
      for (const element of document.head.children) {
        if (element.matches('script[type=module]')) break;
        if (element.matches('link[rel=modulepreload], link[rel=preload][as=style]'))
          links.push(new URL((element as HTMLLinkElement).href).pathname);
      }
      return links;
    });

  test('a signed-in start asks for its screen’s chunks at once, a signed-out one for none', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Velkommen til Boligtilgængelighed' }),
    ).toBeVisible();
    expect(await preloads(page)).toEqual([]);

    const token = await demoToken(request, 'skriver');
    const { department } = await bigDepartment(request, token);
    await signInWithToken(page, token, '/');
    await expect(page.getByRole('heading', { level: 1, name: /^Hej / })).toBeVisible();
    await page.goto(`/departments/properties/${department.departmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
    const listed = await preloads(page);
    expect(listed.some((href) => /\/assets\/_departmentId-[\w-]+\.js$/.test(href))).toBe(true);
    expect(listed.some((href) => /\/assets\/shared-[\w-]+\.js$/.test(href))).toBe(true);
    expect(listed.some((href) => /\/assets\/shared-[\w-]+\.css$/.test(href))).toBe(true);
    // The list needs no IndexedDB code to paint: Dexie loads after the first paint.
    expect(listed.some((href) => /\/assets\/storage-/.test(href))).toBe(false);
  });
});

test.describe('offline', () => {
  test('after one online visit the app opens offline with the user’s name', async ({ page, context }) => {
    await signInThroughSso(page, /Sofie Skriver/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hej Sofie Skriver' })).toBeVisible();
    // The service worker has precached the shell and the cache has been written to IndexedDB.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForTimeout(800);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hej Sofie Skriver' })).toBeVisible();
    await tellPageItIsOffline(context);
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();
    await context.setOffline(false);
  });

  test('a first install that fails on a weak line is tried again when the connection is back', async ({
    page,
    context,
  }) => {
    // One file of the precache fails once: the whole first install fails with it.
    let failed = 0;
    await context.route(/\/icons\/icon-192\.png$/, async (route) => {
      if (failed++ === 0) return route.abort('connectionreset');
      return route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => failed).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.installing ?? null),
      )
      .toBeNull();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    // The signal comes back: the app installs without a reload.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    expect(failed).toBe(2);
  });

  test('the app is installable: a manifest in Danish with icons and a service worker', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await (await request.get(href!)).json();
    expect(manifest).toMatchObject({ lang: 'da', display: 'standalone', name: 'Boligtilgængelighed' });
    const sizes = manifest.icons.map(
      (i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest.icons) {
      const response = await request.get(icon.src);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    const registered = await page.evaluate(async () => !!(await navigator.serviceWorker.ready).active);
    expect(registered).toBe(true);
  });
});
