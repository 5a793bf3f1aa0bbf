import { expect, test } from './test';
import { bigDepartment, demoToken, signInWithToken } from './fixtures';

/**
 * A user who asked the system for less motion gets dialogs without their transitions
 * (src/app/theme.ts, respectReducedMotion), and everyone else keeps them.
 */
for (const reducedMotion of ['reduce', 'no-preference'] as const) {
  test(`a dialog's transition with reduced motion: ${reducedMotion}`, async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'motion is the same at every size');
    await page.emulateMedia({ reducedMotion });
    const token = await demoToken(request, 'skriver');
    const { department } = await bigDepartment(request, token);
    await signInWithToken(page, token, `/departments/properties/${department.departmentId}`);
    await page.getByRole('button', { name: 'Se tip' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const duration = await dialog.evaluate((element) => getComputedStyle(element).transitionDuration);
    if (reducedMotion === 'reduce') expect(duration).toBe('0s');
    else expect(duration).not.toBe('0s');
  });
}
