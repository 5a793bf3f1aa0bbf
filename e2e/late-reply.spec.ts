import type { Page } from '@playwright/test';
import { expect, test } from './test';
import {
  answerCurrent,
  demoToken,
  newAssessmentInSmallestDepartment,
  signInWithToken,
  startScreeningOnline,
  storedOutbox,
} from './fixtures';

/**
 * A reply that arrives after its session ended renews nothing (docs/api.md "Token renewal";
 * docs/architecture.md 4, "Sign-on"). The reply's Set-Authorization is the signed-out user's (or
 * the previous user's) token; taking it would sign them in again on a shared device.
 */

const TOKEN_COOKIE = 'authentication_token';

/** Holds the next syncanswer reply (the server has applied the answer) until `release`. */
async function holdSyncAnswerReply(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let applied!: () => void;
  const onServer = new Promise<void>((resolve) => (applied = resolve));
  await page.route('**/api/v2/sync/syncanswer', async (route) => {
    const response = await route.fetch();
    expect(response.headers()['set-authorization']).toBeTruthy();
    applied();
    await released;
    await route.fulfill({ response });
  });
  return { onServer, release };
}

/**
 * A sign-on without a logout page of its own (userinfo's logoutUrl null): logout stays in the
 * app, so a request still under way can answer after it (docs/product.md 4 "Logout").
 */
async function withoutSignOnLogout(page: Page) {
  await page.route('**/api/v2/userinfo', async (route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    await route.fulfill({ response, json: { ...(await response.json()), logoutUrl: null } });
  });
}

/** The sso_uuid a JWT names. */
function userOf(token: string): string {
  const payload = token.split('.')[1]!;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sso_uuid: string }).sso_uuid;
}

/** The sso_uuid of the token cookie's JWT, or null without one. */
async function cookieUser(page: Page): Promise<string | null> {
  const token = (await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE)?.value;
  return token ? userOf(decodeURIComponent(token)) : null;
}

/**
 * The reply is in and the app has done with it: its answer has left the outbox, which the sender
 * does only after reading the reply, and so after any renewal the reply could have made
 * (src/api/http.ts, readResponse).
 */
async function deliver(page: Page, held: { release: () => void }) {
  const delivered = page.waitForResponse('**/api/v2/sync/syncanswer');
  held.release();
  await delivered;
  await expect.poll(async () => (await storedOutbox(page)).length).toBe(0);
}

test.describe('a late reply renews no session', () => {
  test('an answer whose reply arrives after logout leaves the device signed out', async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'session rules, the same on every viewport');
    const token = await demoToken(request, 'skriver');
    const skriver = userOf(token);
    const assessment = await newAssessmentInSmallestDepartment(request, token);
    await withoutSignOnLogout(page);
    await startScreeningOnline(page, token, assessment);
    const held = await holdSyncAnswerReply(page);
    await answerCurrent(page);
    await held.onServer;
    expect(await cookieUser(page)).toBe(skriver);

    // Home within the app (no reload: the request stays open) and log out there.
    await page.getByRole('link', { name: 'Boligtilgængelighed – gå til forsiden' }).click();
    await page.getByRole('button', { name: 'Log ud' }).click();
    // The answer is still on its way, so the guard asks first.
    await page.getByRole('dialog').getByRole('button', { name: 'Log ud alligevel' }).click();
    await expect(page.getByRole('link', { name: 'Log ind' })).toBeVisible();
    expect(await cookieUser(page)).toBeNull();

    await deliver(page, held);
    expect(await cookieUser(page)).toBeNull();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Log ind' })).toBeVisible();
  });

  test("an answer whose reply arrives after another user signed in keeps that user's session", async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'session rules, the same on every viewport');
    const token = await demoToken(request, 'skriver');
    const assessment = await newAssessmentInSmallestDepartment(request, token);
    await startScreeningOnline(page, token, assessment);
    const held = await holdSyncAnswerReply(page);
    await answerCurrent(page);
    await held.onServer;

    // Someone else signs in on the same device, in another tab, while the reply is away.
    const flereToken = await demoToken(request, 'flere');
    const flere = userOf(flereToken);
    const other = await context.newPage();
    await signInWithToken(other, flereToken);
    await expect(other.getByRole('heading', { level: 1, name: 'Vælg organisation' })).toBeVisible();
    expect(await cookieUser(page)).toBe(flere);

    await deliver(page, held);
    expect(await cookieUser(page)).toBe(flere);
  });
});
