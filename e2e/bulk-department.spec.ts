import { expect, type Page } from '@playwright/test';
import type { PropertyRow } from '../shared/contract/dto';
import {
  api,
  bigDepartment,
  demoToken,
  fifteenthOfNextMonth,
  selectionActionBar,
  signInWithToken,
} from './fixtures';
import { testWithOwnServer } from './own-server';

/**
 * Bulk work at the size of a real department (docs/product.md 4 "Bulk mode", docs/api.md
 * "Jobs"): one calculated assessment copied to every selectable residence of the demo's biggest
 * department (over 2,000), every copy listed and approved now; then the same again approved from
 * a later day, with a reload in the middle of the progress dialog. On a server of its own: it
 * rewrites a whole department, which the shared server's other specs rely on.
 */

const test = testWithOwnServer({ JOB_POLL_MS: '200' });
test.describe.configure({ mode: 'serial' });

const leadingNumber = (streetNumber: string) => /^\d+/.exec(streetNumber)?.[0] ?? streetNumber;
const listStatus = (row: PropertyRow) =>
  row.assessmentStatus === 'draft' && row.isCalculated ? 'calculated' : row.assessmentStatus;

/** The longest main-thread task since the page loaded, and the progress texts the dialog showed. */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __longest: number };
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longest = Math.max(w.__longest, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}
const longest = (page: Page) => page.evaluate(() => (window as unknown as { __longest: number }).__longest);

/**
 * Follows the progress dialog until it closes: the distinct counts it showed and the longest
 * time it stood still (sampled every 100 ms). Reloads once when `reloadAt` of the count is reached.
 */
async function followProgress(page: Page, name: string, total: number, reloadAt?: number) {
  const seen = new Set<number>();
  let lastChange = Date.now();
  let stillest = 0;
  let reloaded = reloadAt === undefined;
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  for (;;) {
    const text = await dialog
      .getByText(/ af \d+ vurdering/)
      .textContent({ timeout: 1000 })
      .catch(() => null);
    const match = text && /(\d+) af (\d+)/.exec(text);
    if (match) {
      const count = Number(match[1]);
      if (!seen.has(count)) {
        seen.add(count);
        stillest = Math.max(stillest, Date.now() - lastChange);
        lastChange = Date.now();
      }
      if (!reloaded && count >= reloadAt!) {
        reloaded = true;
        await page.reload();
        await expect(dialog).toBeVisible({ timeout: 30_000 });
        // Counted again from the job's state, never backwards past what was shown.
        lastChange = Date.now();
      }
    } else if (!(await dialog.isVisible())) break;
    await page.waitForTimeout(100);
  }
  expect(Math.max(...seen)).toBeLessThanOrEqual(total);
  return { counts: seen.size, stillestMs: stillest };
}

/** Scrolls the window to the end of a virtualized list until its last row has come. */
async function scrollToLast(page: Page, list: ReturnType<Page['getByRole']>, lastText: string) {
  for (let i = 0; i < 40 && (await list.getByText(lastText, { exact: true }).count()) === 0; i++) {
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(150);
  }
  await expect(list.getByText(lastText, { exact: true })).toBeVisible();
}

test.describe('a copy and its approval across a whole department', () => {
  test.skip(({ isMobile }) => isMobile, 'an office task: desktop');

  test('copied to every selectable residence, listed, approved now; again approved from a later day with a reload in the middle', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(600_000);
    const token = await demoToken(request, 'skriver');
    await watchPage(page);

    for (const round of ['now', 'later'] as const) {
      const { department, rows } = await bigDepartment(request, token);
      const perResidence = new Map<string, number>();
      for (const row of rows) perResidence.set(row.residenceId, (perResidence.get(row.residenceId) ?? 0) + 1);
      const source = rows.find(
        (r) => perResidence.get(r.residenceId) === 1 && r.assessmentStatus === 'draft' && r.isCalculated,
      )!;
      // Every residence but the source's and those with a ready assessment may receive the copy.
      const ready = new Set(rows.filter((r) => r.assessmentStatus === 'ready').map((r) => r.residenceId));
      const targets = [...perResidence.keys()].filter((id) => id !== source.residenceId && !ready.has(id));
      expect(targets.length).toBeGreaterThan(2000);
      const n = targets.length;
      const count = n.toLocaleString('da-DK');

      await signInWithToken(page, token, `/departments/properties/${department.departmentId}`);
      await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
      await page.getByLabel('Filtrér på vej').fill(source.streetName);
      await page.getByLabel('Filtrér på husnummer').fill(leadingNumber(source.streetNumber));
      await page.getByLabel('Filtrér på status').selectOption(listStatus(source));
      await page.getByRole('checkbox', { name: `Vælg ${source.location}`, exact: true }).check();
      await selectionActionBar(page).getByRole('button', { name: 'Kopiér', exact: true }).click();
      const copyBar = page.getByRole('region', { name: `Kopiér vurderingen fra ${source.location}` });
      await page.getByLabel('Filtrér på vej').fill('');
      await page.getByLabel('Filtrér på husnummer').fill('');
      await page.getByLabel('Filtrér på status').selectOption('');
      await page.getByRole('checkbox', { name: 'Vælg alle' }).click();
      const next = copyBar.getByRole('button', { name: `Videre (${n})` });
      if (round === 'now') {
        // The copy's toast (shown for 8 s) stands above the bar at the bottom, never over "Videre".
        await expect(page.getByText('Vælg de boliger, du vil kopiere vurderingen til.')).toBeVisible();
        expect(await uncovered(next)).toBe(true);
      }
      await next.click();
      await expect(page).toHaveURL(/\/copy$/);

      const paste = page.getByRole('button', { name: `Indsæt (${n})` });
      await paste.scrollIntoViewIfNeeded();
      // At the end of a long summary, nothing (the copy's toast) lies over Paste.
      expect(await uncovered(paste)).toBe(true);
      await paste.click();
      const copying = await followProgress(
        page,
        'Kopierer vurderinger',
        n,
        round === 'later' ? 200 : undefined,
      );
      await expect(page).toHaveURL(/\/approvecopied$/, { timeout: 60_000 });
      // Every copy is listed (rendered as it scrolls into view) and counted.
      await expect(page.getByText(`${n} vurderinger`, { exact: true })).toBeVisible();
      const candidates = page.getByRole('list', { name: 'Vurderinger, der skal godkendes' });
      expect(await candidates.getByRole('listitem').count()).toBeLessThan(100);
      const after = await api<PropertyRow[]>(
        request,
        token,
        `/api/v2/properties/propertiesbydepartment?locationId=${department.departmentId}`,
      );
      const copies = after.filter((r) => targets.includes(r.residenceId) && r.assessmentStatus === 'draft');
      expect(copies).toHaveLength(n);
      await scrollToLast(page, candidates, await lastCandidate(page));

      if (round === 'now') {
        await page.getByRole('button', { name: 'Godkend nu' }).click();
      } else {
        await page.getByRole('link', { name: 'Godkend fra en senere dato' }).click();
        await page.getByRole('button', { name: 'Næste måned' }).click();
        await page.getByRole('button', { name: / 15\. / }).click();
        await page.getByRole('button', { name: 'Godkend', exact: true }).click();
      }
      const approving = await followProgress(page, 'Godkender vurderinger', n);
      await expect(page).toHaveURL(/\/approvecopied\/confirmation$/, { timeout: 60_000 });
      await expect(page.getByText(`${count} af ${count} vurderinger er godkendt.`)).toBeVisible();
      const approved = page.getByRole('list', { name: 'Godkendte vurderinger' });
      const rendered = await approved.getByRole('listitem').count();
      expect(rendered).toBeGreaterThan(5);
      expect(rendered).toBeLessThan(100);
      if (round === 'later') {
        const date = fifteenthOfNextMonth();
        await expect(approved.getByRole('listitem').filter({ hasText: `Gælder fra ${date}` })).toHaveCount(
          rendered,
        );
      }
      // The last of them comes as the list scrolls: read page by page from the job's items.
      await expect
        .poll(
          async () => {
            await page.mouse.wheel(0, 200_000);
            return approved.locator('li').last().getAttribute('data-position');
          },
          { timeout: 60_000 },
        )
        .toBe(String(n - 1));
      await page.getByRole('button', { name: 'Afslut' }).click();
      await expect(page).toHaveURL(/\/$/);

      const figures = {
        type: `round ${round}`,
        description:
          `${n} residences; copy dialog showed ${copying.counts} counts, stood still at most ` +
          `${copying.stillestMs} ms; approval dialog ${approving.counts} counts, at most ` +
          `${approving.stillestMs} ms; longest main-thread task ${Math.round(await longest(page))} ms`,
      };
      // Figures, not assertions (a shared machine's timings vary): npm run bench:bulk measures.
      testInfo.annotations.push(figures);
      console.log(`${figures.type}: ${figures.description}`);
    }
  });
});

/** Whether the element at the middle of `locator` is it (or inside it): nothing lies over it. */
async function uncovered(locator: ReturnType<Page['getByRole']>): Promise<boolean> {
  const box = (await locator.boundingBox())!;
  return locator.evaluate((element, point) => element.contains(document.elementFromPoint(point.x, point.y)), {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
}

/** The address of the last candidate on /approvecopied, from the flow the app keeps. */
async function lastCandidate(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('bt:bulk:state');
    const state = JSON.parse(raw ?? '{}') as { copied?: { location: string }[] };
    return state.copied?.at(-1)?.location ?? '';
  });
}
