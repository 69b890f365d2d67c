/**
 * Toasts never cover a control or a score (decision 0052): after the confirmation link, after a long result on a
 * desktop, and on a 390 px phone, the toast's box misses the After score, the Humanize button, the result's
 * buttons and the input box. And an earlier file's Undo toast goes away once a later file fails.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { authLink, sampleText, submitSignUp, uniqueEmail, waitForMail } from './support';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
const rectOf = (el: Element): Rect => {
  const r = el.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
};
const intersects = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const toasts = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"]');

/** Waits for a toast, then checks (until its slide-in is over) that no box of `targets` meets any toast. */
async function expectToastsClear(page: Page, targets: Record<string, Locator>, shot: string) {
  await expect(toasts(page).first()).toBeVisible();
  let lastOverlap = '';
  await expect(async () => {
    const shown = await toasts(page).evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
    expect(shown.length, `the toasts closed while one still covered: ${lastOverlap}`).toBeGreaterThan(0);
    let checked = 0;
    for (const [name, locator] of Object.entries(targets)) {
      for (const el of await locator.all()) {
        if (!(await el.isVisible())) continue;
        const box = await el.evaluate(rectOf);
        checked++;
        for (const t of shown) {
          if (intersects(t, box)) lastOverlap = `${name} ${JSON.stringify(box)} under ${JSON.stringify(t)}`;
          expect(intersects(t, box), `${name} ${JSON.stringify(box)} under ${JSON.stringify(t)}`).toBe(false);
        }
      }
    }
    expect(checked, `no target on screen for ${shot}`).toBeGreaterThan(0);
  }).toPass({ timeout: 10_000 });
  await page.screenshot({ path: test.info().outputPath(`${shot}.png`) });
}

async function signUpByLink(page: Page, request: Parameters<typeof waitForMail>[0]) {
  const email = uniqueEmail('toast');
  const started = Date.now() - 1000;
  await submitSignUp(page, email);
  const mail = await waitForMail(request, email, { after: started });
  await page.goto(authLink(mail));
  await expect(toasts(page).filter({ hasText: 'Email confirmed' })).toBeVisible({ timeout: 15_000 });
}

function controls(page: Page) {
  return {
    'the input box': page.getByRole('textbox', { name: 'Your text' }),
    'the Humanize button': page.getByTestId('humanize-button'),
    'the After score': page.getByTestId('score-meter'),
    "the result's buttons": page.getByTestId('result-panel').getByRole('button'),
    "the result's links": page.getByTestId('result-panel').getByRole('link'),
  };
}

async function humanizeLong(page: Page) {
  await page.getByRole('radio', { name: /Lightning Mode/ }).click();
  await page.getByRole('textbox', { name: 'Your text' }).fill(sampleText(240));
  await page.getByTestId('humanize-button').click();
  await expect(page.getByTestId('result-panel')).toBeVisible({ timeout: 60_000 });
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 720 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`${viewport.name}: toasts miss the After score, the Humanize button, the result's buttons and the input box`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signUpByLink(page, request);
    await expectToastsClear(page, controls(page), `${viewport.name}-1-confirmed`);

    await humanizeLong(page);
    await expectToastsClear(page, controls(page), `${viewport.name}-2-result`);

    // Each part of a long result brought to the bottom of the screen, then a toast (Copy's) shown over it.
    for (const [i, target] of [
      page.getByTestId('score-meter'),
      page.getByTestId('result-panel').getByRole('button', { name: 'Copy result' }),
      page.getByTestId('humanize-button'),
    ].entries()) {
      await page
        .getByRole('button', { name: 'Close toast' })
        .first()
        .click({ timeout: 2_000 })
        .catch(() => {});
      await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      // Clicked from the page's script: a pointer click would first scroll the Copy button into view.
      await page
        .getByTestId('result-panel')
        .getByRole('button', { name: 'Copy result' })
        .evaluate((b) => (b as HTMLButtonElement).click());
      await expectToastsClear(page, controls(page), `${viewport.name}-${3 + i}-scrolled`);
    }
  });
}

test('phone: a later file that fails takes away the earlier file’s Undo toast', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpByLink(page, request);
  const box = page.getByRole('textbox', { name: 'Your text' });
  await box.fill('Words typed before any file.');
  await page.getByTestId('upload-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Plain words from a file.'),
  });
  await expect(box).toHaveValue('Plain words from a file.');
  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await expectToastsClear(page, controls(page), 'phone-upload-undo');
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'slides.pptx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
  await expect(page.getByText('“slides.pptx” is not a file type we read')).toBeVisible();
  await expect(undo).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('phone-upload-error.png') });
});
