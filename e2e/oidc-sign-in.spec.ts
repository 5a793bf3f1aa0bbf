import { expect, test as base, type Page } from '@playwright/test';
import { freePort, type ServerChild } from '../scripts/server-child';
import { TEST_CLAIM_ENV, startTestProvider, type TestProvider } from '../tests/support/test-oidc-provider';
import { markGuidanceTipsShown } from './fixtures';
import { startOwnServer } from './own-server';

/**
 * OpenID Connect sign-in (docs/sign-in.md) in Chromium: the API on a server of its own that signs
 * in through a real OpenID Connect provider (oidc-provider on loopback, its development login page)
 * instead of the demo sign-in. The app's part is unchanged: "Log ind" → the provider →
 * /loginCallback → home.
 */
const ORGANIZATION_A = '7c2e4b1a-3f5d-4e8a-9b6c-1d2e3f4a5b01';
const ORGANIZATION_B = '0a9d8c7b-6e5f-4a3b-8c2d-1e0f9a8b7c02';

const test = base.extend<object, { oidcServer: { server: ServerChild; provider: TestProvider } }>({
  oidcServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
    async ({}, provide) => {
      const port = await freePort();
      const app = `http://127.0.0.1:${port}`;
      const provider = await startTestProvider({
        redirectUris: [`${app}/auth/callback`],
        postLogoutRedirectUris: [`${app}/`],
        users: {
          anna: { name: 'Anna Assessor', roles: ['bt-skriv'], groups: ['grp-lyngtoft', 'grp-kloever'] },
          bo: { name: 'Bo Bogholder', roles: ['bt-laes'], groups: ['grp-lyngtoft'] },
          carl: { name: 'Carl Ny', roles: ['bt-skriv'], groups: [] },
          ejnar: { name: 'Ejnar Ekstern', roles: ['andet-system'], groups: ['grp-lyngtoft'] },
        },
      });
      const server = await startOwnServer(
        {
          DEMO_SSO: '',
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: provider.clientId,
          OIDC_CLIENT_SECRET: provider.clientSecret,
          OIDC_REDIRECT_URI: `${app}/auth/callback`,
          OIDC_ORGANIZATION_MAP: `grp-lyngtoft=${ORGANIZATION_A},grp-kloever=${ORGANIZATION_B}`,
          ...TEST_CLAIM_ENV,
        },
        port,
      );
      await provide({ server, provider });
      await server.close();
      await provider.close();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ oidcServer }, provide) => provide(oidcServer.server.base),
  page: async ({ page }, provide) => {
    await markGuidanceTipsShown(page);
    // The provider's development login page asks for web fonts on the Internet.
    await page.route('https://fonts.googleapis.com/**', (route) => route.abort());
    await provide(page);
  },
});

/** "Log ind" on the app's start screen, then the provider's login page, as a person does. */
async function signIn(page: Page, login: string, provider: TestProvider) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** A residence of the organization without an assessment, read with the signed-in user's token. */
async function residenceWithoutAssessment(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'authentication_token')!.value;
  const get = async <T>(path: string) =>
    (await (await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } })).json()) as T;
  const [department] = await get<{ departmentId: string }[]>(
    `/api/v2/properties/availabledepartments?organizationId=${ORGANIZATION_A}`,
  );
  const rows = await get<{ residenceId: string; assessmentId: string | null }[]>(
    `/api/v2/properties/propertiesbydepartment?locationId=${department!.departmentId}`,
  );
  return rows.find((r) => r.assessmentId === null)!.residenceId;
}

test('a write user signs in at the provider, chooses between the organizations the claims name, and may assess', async ({
  page,
  oidcServer,
}) => {
  await signIn(page, 'anna', oidcServer.provider);
  // Two organizations from the groups claim: the app asks which one first.
  await expect(page.getByRole('heading', { level: 1, name: 'Vælg organisation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vælg Boligforeningen Kløverhjem Syd' })).toBeVisible();
  await page.getByRole('button', { name: 'Vælg Boligselskabet Lyngtoft Østjylland' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hej Anna Assessor' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Afdelinger 5 afdelinger/ })).toBeVisible();
  // The token in the app is the API's own; the login state is gone.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'authentication_token')).toBeTruthy();
  expect(cookies.find((c) => c.name === 'bt_oidc_login')).toBeUndefined();
  await page.goto(`/residence/${await residenceWithoutAssessment(page)}`);
  await expect(page.getByRole('button', { name: 'Start screening' })).toBeVisible();
});

test('a user without a mapped organization sees so, and logs out through the provider', async ({
  page,
  oidcServer,
}) => {
  await signIn(page, 'carl', oidcServer.provider);
  await expect(page.getByText('Du er ikke tilknyttet en organisation endnu', { exact: false })).toBeVisible();
  // Logout goes on to the provider's end-session page (docs/product.md 4 "Logout") and from
  // there back to the app's start, its login screen.
  await page.getByRole('button', { name: 'Log ud' }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidcServer.provider.issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidcServer.server.base}/(\\?.*)?$`));
  // Signed out at the provider too: the next "Log ind" asks for the login again.
  await page.getByRole('link', { name: 'Log ind' }).click();
  await expect(page.getByPlaceholder('Enter any login')).toBeVisible();
});

test('logging out on the home screen of a shared device ends the provider session too', async ({
  page,
  oidcServer,
}) => {
  await signIn(page, 'bo', oidcServer.provider);
  await expect(page.getByRole('heading', { level: 1, name: 'Hej Bo Bogholder' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  // The spec stays on the root path here; that left the provider's session open, and the next
  // "Log ind" on the tablet would sign in as Bo without a password (docs/product.md 4 "Logout").
  await page.getByRole('button', { name: 'Log ud' }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidcServer.provider.issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidcServer.server.base}/(\\?.*)?$`));
  await page.getByRole('link', { name: 'Log ind' }).click();
  await expect(page.getByPlaceholder('Enter any login')).toBeVisible();
});

test('a user without a mapped role is refused', async ({ page, oidcServer }) => {
  await signIn(page, 'ejnar', oidcServer.provider);
  await expect(page.getByRole('heading', { level: 1, name: 'Du har ikke adgang' })).toBeVisible();
});

test('a read user gets no write actions', async ({ page, oidcServer }) => {
  await signIn(page, 'bo', oidcServer.provider);
  await expect(page.getByRole('heading', { level: 1, name: 'Hej Bo Bogholder' })).toBeVisible();
  await page.goto(`/residence/${await residenceWithoutAssessment(page)}`);
  await expect(page.getByText('Du kan se vurderingerne, men ikke ændre dem.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start screening' })).toHaveCount(0);
});

test('a sign-in cancelled at the provider ends on a Danish page that leads back', async ({
  page,
  oidcServer,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidcServer.provider.issuer}/interaction/`));
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Login blev afbrudt' })).toBeVisible();
  await page.getByRole('link', { name: 'Til forsiden af Boligtilgængelighed' }).click();
  await expect(page.getByRole('link', { name: 'Log ind' })).toBeVisible();
});

test('the demo sign-in is not there', async ({ request }) => {
  expect((await request.post('/auth/demo-token', { data: { userName: 'skriver' } })).status()).toBe(404);
});
