import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Department, PropertyRow } from '../src/api/dto';

interface Organization {
  id: string;
  name: string;
}

/** A token from the demo sign-on, as a test would get one from a real SSO. */
export async function demoToken(
  request: APIRequestContext,
  userName: string,
  ttlS?: number,
): Promise<string> {
  const response = await request.post('/auth/demo-token', { data: { userName, ttlS } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Signs in through the demo SSO page, as a person would. */
export async function signInThroughSso(page: Page, displayName: RegExp): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Log ind' }).click();
  await page.getByRole('button', { name: displayName }).click();
}

/** Signs in by handing a token to /loginCallback, skipping the SSO page. */
export async function signInWithToken(page: Page, token: string, returnPath = '/'): Promise<void> {
  await page.goto(`/loginCallback?${new URLSearchParams({ token, returnPath }).toString()}`);
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(', ')}`,
    ),
    `axe on ${label}`,
  ).toEqual([]);
}

/** A GET (or POST) of the API as the given user; the test fails unless it answers 200. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<T> {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The department with the most residences in the user's first organization, and its rows. */
export async function bigDepartment(request: APIRequestContext, token: string) {
  const [organization] = await api<Organization[]>(request, token, '/api/v2/organizations/getorganizations');
  const departments = await api<Department[]>(
    request,
    token,
    `/api/v2/properties/availabledepartments?organizationId=${organization!.id}`,
  );
  const department = [...departments].sort((a, b) => b.propertiesCount - a.propertiesCount)[0]!;
  const rows = await api<PropertyRow[]>(
    request,
    token,
    `/api/v2/properties/propertiesbydepartment?locationId=${department.departmentId}`,
  );
  return { organization: organization!, department, rows };
}
