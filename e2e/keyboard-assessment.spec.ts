import AxeBuilder from '@axe-core/playwright';
import type { CDPSession, ElementHandle, Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { api, demoToken, expectAccessible, freeResidenceInSmallestDepartment } from './fixtures';

/**
 * A whole assessment with the keyboard only (docs/architecture.md 6 "Tests"): after `page.goto('/')` the test
 * only presses keys (Tab, Shift+Tab, Enter, Space, Escape, arrows) and types; locators and the
 * API only read. On the way it checks that every element Tab stops at has an accessible name and
 * a visible focus indicator, that focus comes back to a sensible element whenever a dialog
 * closes, and that every screen has one banner landmark, also with a dialog open.
 */

/** The focused element as assistive technology gets it: Chromium's own role and accessible name. */
async function focusedName(cdp: CDPSession): Promise<{ role: string; name: string }> {
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' });
  if (!result.objectId) return { role: 'none', name: '' };
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
    objectId: result.objectId,
    fetchRelatives: false,
  });
  // Not awaited; after a key that navigates, the object's page is gone and the release fails,
  // which is no news (unhandled, it failed the test).
  cdp.send('Runtime.releaseObject', { objectId: result.objectId }).catch(() => undefined);
  return { role: String(nodes[0]?.role?.value ?? 'none'), name: String(nodes[0]?.name?.value ?? '').trim() };
}

/**
 * One look at the focused element in the page: is it <body>, is it `target`, is its focus indicator
 * visible (computed style), is it in view.
 */
function lookAtFocus(page: Page, target: ElementHandle | null) {
  return page.evaluate((target) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { onBody: true, isTarget: false, tag: 'body', visible: '', inView: false };
    const tag = `<${el.tagName.toLowerCase()}>`;
    const rect = el.getBoundingClientRect();
    const inView = rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth;
    const style = getComputedStyle(el);
    // Mantine's Switch keeps its input out of sight and rings the track after it.
    const track = el instanceof HTMLInputElement ? el.nextElementSibling : null;
    // Mantine's text inputs show focus by their border, not an outline: under :focus the input's
    // border variable becomes the focus colour (the theme's primary colour).
    const border = style.getPropertyValue('--input-bd').trim();
    const focusBorder = style.getPropertyValue('--input-bd-focus').trim();
    const visible =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? `outline ${style.outlineStyle} ${style.outlineWidth}`
        : track && getComputedStyle(track).outlineStyle !== 'none'
          ? 'outline on the track after the input'
          : style.boxShadow !== 'none'
            ? `box-shadow ${style.boxShadow}`
            : focusBorder !== '' && focusBorder !== 'transparent' && border === focusBorder
              ? `border ${focusBorder}`
              : '';
    return { onBody: false, isTarget: el === target, tag, visible, inView };
  }, target);
}

interface FocusStop {
  onBody: boolean;
  isTarget: boolean;
  role: string;
  name: string;
  describe: string;
}

/** The focused element (on <body> or not, `target` or not), checked as the user meets it. */
async function inspectFocus(
  page: Page,
  cdp: CDPSession,
  label: string,
  target: ElementHandle | null = null,
): Promise<FocusStop> {
  const [look, { role, name }] = await Promise.all([lookAtFocus(page, target), focusedName(cdp)]);
  const describe = `${role} "${name}" (${look.tag})`;
  if (look.onBody) return { onBody: true, isTarget: false, role, name, describe: '<body>' };
  expect(name, `${label}: the focused ${describe} has an accessible name`).not.toBe('');
  expect(look.visible, `${label}: the focused ${describe} shows a focus indicator`).not.toBe('');
  expect(look.inView, `${label}: the focused ${describe} is in view`).toBe(true);
  return { onBody: false, isTarget: look.isTarget, role, name, describe };
}

/** Focus is on an element with an accessible name and a visible indicator, in view. */
async function expectFocusUsable(page: Page, cdp: CDPSession, label: string): Promise<FocusStop> {
  const focused = await inspectFocus(page, cdp, label);
  expect(focused.onBody, `${label}: focus is not on <body>`).toBe(false);
  return focused;
}

/**
 * Presses Tab, or Shift+Tab when `target` comes before the focused element, until `target` has
 * focus, at most `max` times. Every element on the way must have an accessible name and a visible
 * focus indicator (the document itself, between the last element and the first, is passed over).
 */
async function tabTo(page: Page, cdp: CDPSession, target: Locator, max = 40): Promise<void> {
  await expect(target).toBeVisible();
  const element = (await target.elementHandle())!;
  const backward = await element.evaluate((el) => {
    const active = document.activeElement;
    if (!active || active === document.body) return false;
    return (active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
  });
  const visited: string[] = [];
  try {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(backward ? 'Shift+Tab' : 'Tab');
      const focused = await inspectFocus(page, cdp, `Tab stop ${visited.length + 1}`, element);
      visited.push(focused.describe);
      if (focused.isTarget) return;
    }
  } finally {
    await element.dispose();
  }
  throw new Error(`${target.toString()} not reached by keyboard; passed ${visited.join(' → ')}`);
}

/** Focus is on `expected` (not on <body>) and usable, e.g. after a dialog closed. */
async function expectFocusOn(page: Page, cdp: CDPSession, expected: Locator, label: string): Promise<void> {
  await expect(expected, label).toBeFocused();
  await expectFocusUsable(page, cdp, label);
}

/** Focus is inside the open dialog. */
async function expectFocusInDialog(dialog: Locator, label: string): Promise<void> {
  await expect
    .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), { message: label })
    .toBe(true);
}

/** One banner landmark (the app's header), also while a dialog is open (axe's landmark rules too). */
async function expectOneBanner(page: Page, label: string): Promise<void> {
  await expect(page.getByRole('banner'), `${label}: banner landmarks`).toHaveCount(1);
  const results = await new AxeBuilder({ page })
    .withRules(['landmark-no-duplicate-banner', 'landmark-banner-is-top-level', 'landmark-unique'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe landmarks on ${label}`,
  ).toEqual([]);
}

/** No serious or critical axe violation and one banner landmark. */
async function expectScreenAccessible(page: Page, label: string): Promise<void> {
  await expectAccessible(page, label);
  await expectOneBanner(page, label);
}

/**
 * A residence of the smallest department (the other specs work in the biggest) that had no
 * assessment in the demo data and has none now; each project and repetition takes its own.
 */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The question form's controls. */
const form = (page: Page) => ({
  heading: page.getByRole('heading', { level: 1 }),
  next: page.getByRole('button', { name: /^(Næste|Se resultatet)$/ }),
  help: page.getByRole('button', { name: 'Hjælp', exact: true }),
  comment: page.getByRole('button', { name: /^(Tilføj|Redigér) kommentar$/ }),
  toc: page.getByRole('button', { name: 'Indholdsfortegnelse' }),
  status: page.getByRole('status').filter({ hasText: /^Gemt/ }),
});

/** Tab (back from Næste) to the option, Space on it; the answer is stored. */
async function chooseOption(page: Page, cdp: CDPSession, name: string | RegExp): Promise<void> {
  const radio = page.getByRole('radio', { name, exact: true });
  await tabTo(page, cdp, radio);
  await page.keyboard.press('Space');
  await expect(radio).toHaveAttribute('aria-checked', 'true');
  await expect(form(page).status).toBeVisible();
}

async function next(page: Page, cdp: CDPSession): Promise<void> {
  await tabTo(page, cdp, form(page).next);
  await page.keyboard.press('Enter');
}

/** Waits for the question `chapter/id` of the form. */
async function onQuestion(page: Page, chapter: string, id: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/${chapter}/${id}$`));
  await expect(form(page).heading).toBeVisible();
}

test.describe('the whole assessment by keyboard', () => {
  test('sign in, find a residence, screen it, answer every type, help and comment, results', async ({
    page,
    request,
  }) => {
    // About 25 s on an idle machine (a few hundred Tab stops, each checked); the margin is for
    // a loaded one.
    test.setTimeout(90_000);
    const token = await demoToken(request, 'skriver');
    const { department, residence } = await freeResidenceInSmallestDepartment(request, token);
    const cdp = await page.context().newCDPSession(page);

    // The start page and the demo sign-on.
    await page.goto('/');
    await tabTo(page, cdp, page.getByRole('link', { name: 'Log ind' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth\/login/);
    await tabTo(page, cdp, page.getByRole('button', { name: /\(skriver\)/ }));
    await page.keyboard.press('Enter');

    // Home, the departments and the department's list: filtered by the keyboard, not scrolled.
    const departmentsCard = page.getByRole('link', { name: /^Afdelinger/ });
    await tabTo(page, cdp, departmentsCard);
    await expectOneBanner(page, 'home');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/departments$/);
    await tabTo(page, cdp, page.getByRole('textbox', { name: 'Søg efter afdeling' }));
    await page.keyboard.type(department.departmentName);
    await tabTo(
      page,
      cdp,
      page.getByRole('link', { name: new RegExp(`^${escape(department.departmentName)}`) }),
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
    // A new user's first list opens its guidance tip by itself. Escape closes it; with no opener
    // to go back to, focus goes to the button that opens the tips again.
    const tip = page.getByRole('dialog');
    await expect(tip).toBeVisible();
    await expectFocusInDialog(tip, 'the tip has focus');
    await expectOneBanner(page, 'guidance tip');
    await page.keyboard.press('Escape');
    await expect(tip).toHaveCount(0);
    await expectFocusOn(page, cdp, page.getByRole('button', { name: /^Se tip/ }), 'Se tip after Escape');
    await tabTo(page, cdp, page.getByRole('textbox', { name: 'Filtrér på vej' }));
    await page.keyboard.type(residence.streetName);
    await tabTo(page, cdp, page.getByRole('textbox', { name: 'Filtrér på husnummer' }));
    await page.keyboard.type(residence.streetNumber);
    // The table names its links "Åbn <address>" (the street's, in the Tab order, and the number's,
    // for the mouse), the phone's cards by the address.
    const residenceLink = page
      .getByRole('link', { name: new RegExp(`^(Åbn )?${escape(residence.location)}$`) })
      .first();
    await tabTo(page, cdp, residenceLink, 60);
    await page.keyboard.press('Enter');

    // The residence: start screening.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await tabTo(page, cdp, page.getByRole('button', { name: 'Start screening' }));
    await page.keyboard.press('Enter');

    // The screening intro opens with the form; it has no opener, so the question takes focus.
    await onQuestion(page, 'screening', '001');
    const intro = page.getByRole('dialog');
    await expect(intro).toBeVisible();
    await expectFocusInDialog(intro, 'the intro has focus');
    await expectOneBanner(page, 'screening intro');
    await tabTo(page, cdp, intro.getByRole('button', { name: 'Start screening' }));
    await page.keyboard.press('Enter');
    await expect(intro).toHaveCount(0);
    await expectFocusOn(page, cdp, form(page).heading, 'the question after the intro');
    await expectScreenAccessible(page, 'question form');
    const assessmentId = new URL(page.url()).pathname.split('/')[3]!;

    // S01, single choice: Tab from the heading to the option, Space.
    const firstOption = page.getByRole('radio', { name: 'Ja, helt uden trin' });
    await tabTo(page, cdp, firstOption);
    await page.keyboard.press('Space');
    await expect(firstOption).toHaveAttribute('aria-checked', 'true');

    // Help: closed by Escape, then by its button; focus goes back to "Hjælp" each time.
    await tabTo(page, cdp, form(page).help);
    await page.keyboard.press('Enter');
    const help = page.getByRole('dialog');
    await expect(help.getByText('Spørgsmålet har betydning for:')).toBeVisible();
    await expectFocusInDialog(help, 'help has focus');
    await expectOneBanner(page, 'help dialog');
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
    await expectFocusOn(page, cdp, form(page).help, 'Hjælp after Escape');
    await page.keyboard.press('Enter');
    await expect(help).toBeVisible();
    await tabTo(page, cdp, help.getByRole('button', { name: 'Luk hjælpen' }).last(), 10);
    await page.keyboard.press('Enter');
    await expect(help).toHaveCount(0);
    await expectFocusOn(page, cdp, form(page).help, 'Hjælp after its close button');

    // Comment: typed, saved with its button, closed by Escape; opened again and closed by Tilbage.
    await tabTo(page, cdp, form(page).comment);
    await page.keyboard.press('Enter');
    const comment = page.getByRole('dialog', { name: 'Kommentar' });
    await expect(comment).toBeVisible();
    await expectFocusInDialog(comment, 'the comment dialog has focus');
    await expectOneBanner(page, 'comment dialog');
    const commentBox = comment.getByRole('textbox', { name: 'Kommentar til spørgsmålet' });
    await tabTo(page, cdp, commentBox, 10);
    await page.keyboard.type('Målt med tommestok ved hoveddøren.');
    await tabTo(page, cdp, comment.getByRole('button', { name: 'Gem kommentar' }), 10);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(comment).toHaveCount(0);
    await expectFocusOn(page, cdp, form(page).comment, 'the comment button after Escape');
    await expect(form(page).comment).toHaveText('Redigér kommentar');
    await page.keyboard.press('Enter');
    await expect(commentBox).toHaveValue('Målt med tommestok ved hoveddøren.');
    await tabTo(page, cdp, comment.getByRole('button', { name: 'Tilbage' }).last(), 10);
    await page.keyboard.press('Enter');
    await expect(comment).toHaveCount(0);
    await expectFocusOn(page, cdp, form(page).comment, 'the comment button after Tilbage');
    await next(page, cdp);

    // The rest of screening from Næste backwards. Focus stays on Næste from question to question.
    await onQuestion(page, 'screening', '002');
    await expectFocusOn(page, cdp, form(page).next, 'Næste on the next question');
    await chooseOption(page, cdp, 'I stueplan (terrænniveau)');
    await next(page, cdp);
    await onQuestion(page, 'screening', '003');
    await chooseOption(page, cdp, 'Ja');
    await next(page, cdp);
    await onQuestion(page, 'screening', '004');
    await chooseOption(page, cdp, 'Ja');
    await next(page, cdp);

    // S05, a number: typed, then the arrow keys and the plus button step it by 1.
    await onQuestion(page, 'screening', '005');
    const width = page.getByRole('textbox', { name: 'Værdi i cm' });
    await tabTo(page, cdp, width);
    await page.keyboard.type('80');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await expect(width).toHaveValue('81');
    await tabTo(page, cdp, page.getByRole('button', { name: 'Gør værdien 1 større' }));
    await page.keyboard.press('Space');
    await expect(width).toHaveValue('82');
    await expect(form(page).status).toBeVisible();
    await next(page, cdp);

    await onQuestion(page, 'screening', '006');
    await chooseOption(page, cdp, 'Ja');
    await next(page, cdp);
    await onQuestion(page, 'screening', '007');
    await chooseOption(page, cdp, 'Nej');
    await next(page, cdp);
    // Access only by a difficult staircase: wheelchair users, the walking impaired and the visually
    // impaired are out, which leaves fewer evaluation questions.
    await onQuestion(page, 'screening', '008');
    await chooseOption(page, cdp, 'Ja');
    await next(page, cdp);

    // S09, multiple choice: Space on two boxes.
    await onQuestion(page, 'screening', '009');
    for (const name of ['Væg-til-væg-tæpper', 'Pelsdyr i boligen (nu eller tidligere)']) {
      const box = page.getByRole('checkbox', { name });
      await tabTo(page, cdp, box);
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    await expect(form(page).status).toBeVisible();
    await next(page, cdp);
    await onQuestion(page, 'screening', '010');
    await chooseOption(page, cdp, 'Nej');
    await next(page, cdp);

    // The screening outcome: opened by Næste, closed by its button; focus goes back to Næste.
    const outcome = page.getByRole('dialog', { name: 'Screeningen er færdig' });
    await expect(outcome).toBeVisible();
    await expectFocusInDialog(outcome, 'the screening outcome has focus');
    await expectOneBanner(page, 'screening outcome');
    await tabTo(page, cdp, outcome.getByRole('button', { name: 'Fortsæt til vurderingen' }), 10);
    await page.keyboard.press('Enter');
    await expect(outcome).toHaveCount(0);
    await expect(page).toHaveURL(/\/evaluation\/\d{3}$/);
    await expectFocusOn(page, cdp, form(page).next, 'Næste after the screening outcome');

    // The table of contents: hide the optional questions with Space, move between chapters with
    // the arrow keys, close with Escape; focus goes back to its button.
    await tabTo(page, cdp, form(page).toc);
    await page.keyboard.press('Enter');
    const toc = page.getByRole('dialog', { name: 'Indhold' });
    await expect(toc).toBeVisible();
    await expectFocusInDialog(toc, 'the table of contents has focus');
    await expectOneBanner(page, 'table of contents');
    const hideOptional = toc.getByRole('switch', { name: 'Skjul valgfrie spørgsmål' });
    await tabTo(page, cdp, hideOptional, 10);
    await page.keyboard.press('Space');
    await expect(hideOptional).toBeChecked();
    await tabTo(page, cdp, toc.getByRole('button', { expanded: true }), 40);
    const current = await focusedName(cdp);
    await page.keyboard.press('ArrowDown');
    const below = await expectFocusUsable(page, cdp, 'the next chapter by ArrowDown');
    expect(below.name, 'ArrowDown moves to the next chapter').not.toBe(current.name);
    await page.keyboard.press('Escape');
    await expect(toc).toHaveCount(0);
    await expectFocusOn(page, cdp, form(page).toc, 'the table of contents button after Escape');

    // Evaluation: the last option of each required question (the nearest to Næste), past the
    // chapter breakers, until the last question's "Se resultatet" and the result dialog.
    const types = new Set<string>();
    for (let step = 0; step < 60; step++) {
      const dialog = page.getByRole('dialog');
      await expect(form(page).next.or(dialog).first()).toBeVisible();
      if (await dialog.isVisible()) {
        await expectFocusInDialog(dialog, `breaker at step ${step}`);
        const primary = dialog.getByRole('button').last();
        const finishing = (await primary.textContent()) === 'Se resultatet';
        await tabTo(page, cdp, primary, 10);
        await page.keyboard.press('Enter');
        if (finishing) break;
        await expect(dialog).toHaveCount(0);
        await expectFocusOn(page, cdp, form(page).next, `Næste after the breaker at step ${step}`);
        continue;
      }
      const url = page.url();
      const radios = page.getByRole('radio');
      const boxes = page.getByRole('checkbox');
      if ((await radios.count()) > 0) {
        types.add('single');
        await tabTo(page, cdp, radios.last());
        await page.keyboard.press('Space');
        await expect(radios.last()).toHaveAttribute('aria-checked', 'true');
      } else if ((await boxes.count()) > 0) {
        types.add('multiple');
        await tabTo(page, cdp, boxes.last());
        await page.keyboard.press('Space');
        await expect(boxes.last()).toBeChecked();
      } else {
        types.add('numeric');
        const input = page.getByRole('textbox', { name: /^Værdi i/ });
        const range = (await page.getByText(/^Mellem /).textContent()) ?? '';
        await tabTo(page, cdp, input);
        await page.keyboard.type(/Mellem (-?[\d,]+) og/.exec(range)?.[1] ?? '0');
      }
      await next(page, cdp);
      // On to the next question, or a breaker opens.
      await expect
        .poll(async () => page.url() !== url || (await page.getByRole('dialog').isVisible()))
        .toBe(true);
    }
    expect([...types], 'evaluation answers').toEqual(expect.arrayContaining(['single', 'multiple']));

    // The results: the form went with the dialog's button, so focus moves to the page's heading.
    await expect(page).toHaveURL(new RegExp(`/results/${residence.residenceId}/${assessmentId}$`));
    const results = page.getByRole('heading', { level: 1, name: 'Resultat' });
    await expect(page.getByRole('table')).toBeVisible();
    await expectFocusOn(page, cdp, results, 'the heading of the results');
    await expectScreenAccessible(page, 'results');
    await tabTo(page, cdp, page.getByRole('main').getByRole('button').first());

    // What was typed reached the server: the comment and the number.
    const questions = await api<
      { uniqueId: string; comment: string | null; numericQuestionValue: number | null }[]
    >(request, token, `/api/v2/questions?assessmentId=${assessmentId}`);
    expect(questions.find((q) => q.uniqueId === 'S01')?.comment).toBe('Målt med tommestok ved hoveddøren.');
    expect(questions.find((q) => q.uniqueId === 'S05')?.numericQuestionValue).toBe(82);
  });
});
