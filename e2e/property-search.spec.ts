import { expect, test } from './test';
import type { PropertyRow } from '../shared/contract/dto';
import { bigDepartment, demoToken, expectAccessible, signInWithToken } from './fixtures';

/**
 * docs/product.md 2: the search page `/properties` (the header's box leads there) and the list of
 * a place `/properties/by-location` (the nearby page links to it).
 */

async function someResidence(request: Parameters<typeof demoToken>[0], token: string): Promise<PropertyRow> {
  const { rows } = await bigDepartment(request, token);
  return rows.find((r) => r.streetNumber !== '')!;
}

test.describe('the search page', () => {
  test('Enter in the header with too little opens it; typing there lists hits and keeps the text', async ({
    page,
    request,
  }) => {
    const token = await demoToken(request, 'skriver');
    const residence = await someResidence(request, token);
    await signInWithToken(page, token);
    const headerBox = page.getByRole('banner').getByRole('textbox', { name: 'Søg efter bolig' });
    const typed = residence.streetName.slice(0, 2);
    await headerBox.fill(typed);
    await headerBox.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/properties\\?q=${encodeURIComponent(typed)}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Find en bolig' })).toBeVisible();
    // One box on the page: the header's gives way to the page's, which has the text and the caret.
    await expect(page.getByRole('textbox', { name: 'Søg efter bolig' })).toHaveCount(0);
    const box = page.getByRole('searchbox', { name: 'Søg efter bolig' });
    await expect(box).toHaveValue(typed);
    await expect(box).toBeFocused();
    await expect(page.getByRole('main').getByText('Skriv mindst 3 tegn for at søge.')).toBeVisible();
    await expectAccessible(page, 'search page, too short');

    const query = `${residence.streetName} ${residence.streetNumber}`;
    await page.keyboard.type(query.slice(typed.length));
    const hit = page.getByRole('main').getByRole('link', { name: residence.location, exact: true });
    await expect(hit).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(query).replace(/%20/g, '(\\+|%20)')}`));
    const listed = page.getByRole('main').getByRole('listitem');
    expect(await listed.count()).toBeLessThanOrEqual(15);
    await expectAccessible(page, 'search page, hits');

    // A reload keeps what was typed and what it found.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Søg efter bolig' })).toHaveValue(query);
    await expect(hit).toBeVisible();

    await page.getByRole('link', { name: `Vis alle resultater for »${query}«` }).click();
    await expect(page).toHaveURL(/\/properties\/search\//);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${query} \\(`) })).toBeVisible();
  });

  test('with nothing typed it offers the departments and the nearby list', async ({ page, request }) => {
    await signInWithToken(page, await demoToken(request, 'skriver'), '/properties');
    await expect(page.getByRole('heading', { level: 1, name: 'Find en bolig' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Søg efter bolig' })).toBeFocused();
    await page.getByRole('link', { name: /Afdelinger/ }).click();
    await expect(page).toHaveURL(/\/departments$/);
    await page.goBack();
    await page.getByRole('link', { name: /Boliger i nærheden/ }).click();
    await expect(page).toHaveURL(/\/properties\/nearby$/);
  });

  test("the header dropdown's last option opens every hit", async ({ page, request }) => {
    const token = await demoToken(request, 'skriver');
    const residence = await someResidence(request, token);
    await signInWithToken(page, token);
    await page.getByRole('textbox', { name: 'Søg efter bolig' }).fill(residence.streetName);
    const all = page.getByRole('option', { name: `Vis alle resultater for »${residence.streetName}«` });
    await all.click();
    await expect(page).toHaveURL(/\/properties\/search\//);
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(`^${residence.streetName} \\(`) }),
    ).toBeVisible();
  });
});

test.describe('the list of a place', () => {
  const at = { latitude: 56.1565, longitude: 10.1096 };

  test('the nearby list links to it, and it lists the same residences without asking', async ({
    page,
    request,
    context,
    browser,
  }) => {
    const token = await demoToken(request, 'skriver');
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(at);
    await signInWithToken(page, token, '/properties/nearby');
    await page.getByRole('button', { name: 'Brug min position' }).click();
    await expect(page.getByText(/^\d+ m$/).first()).toBeVisible();
    const nearby = await page.getByRole('main').getByRole('listitem').allTextContents();
    const link = page.getByRole('link', { name: 'Link til listen' });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/properties/by-location?latitude=${at.latitude}&longitude=${at.longitude}`);

    // Another device (no position granted) opens the link it was sent.
    const other = await browser.newContext({ viewport: page.viewportSize() });
    const otherPage = await other.newPage();
    await signInWithToken(otherPage, token, href!);
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Boliger ved et sted' })).toBeVisible();
    await expect(
      otherPage.getByText('De boliger, der ligger nærmest positionen 56,1565, 10,1096.'),
    ).toBeVisible();
    await expect(otherPage.getByRole('dialog')).toHaveCount(0);
    await expect(otherPage.getByText(/^\d+ m$/).first()).toBeVisible();
    expect(await otherPage.getByRole('main').getByRole('listitem').allTextContents()).toEqual(nearby);
    await expectAccessible(otherPage, 'list of a place');
    await other.close();
  });

  test('a link without a valid place says so and offers the nearby list', async ({ page, request }) => {
    await signInWithToken(
      page,
      await demoToken(request, 'laeser'),
      '/properties/by-location?latitude=91&longitude=x',
    );
    await expect(page.getByRole('alert')).toContainText('Linket angiver ikke en gyldig position.');
    await expectAccessible(page, 'list of a place, invalid');
    await page.getByRole('link', { name: 'Find boliger, hvor du står' }).click();
    await expect(page).toHaveURL(/\/properties\/nearby$/);
  });
});
