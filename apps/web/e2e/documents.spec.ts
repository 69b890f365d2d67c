/**
 * Documents in and out, in the real browser against the built server: a Word file uploaded by the
 * button and a PDF with a text layer dropped on the box are read into the text box with their structure,
 * humanized, and downloaded as Word files whose paragraphs and headings are read back with mammoth.
 * A scanned PDF gets a clear message.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import mammoth from 'mammoth';
import { readFile } from 'node:fs/promises';
import {
  makeDocx,
  makeScannedPdf,
  makeStyledDocx,
  makeTextPdf,
  SAMPLE,
  STYLED,
} from '../../server/src/features/documents/fixtures';
import { unzip } from '../../server/src/test/docx';
import { signUpAndConfirm } from './support';

/** Drops a file on an element as a browser does: dragenter, dragover and drop carrying the file. */
async function dropFile(page: Page, target: Locator, name: string, bytes: Buffer, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ b64, name, type }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type }));
      return dt;
    },
    { b64: bytes.toString('base64'), name, type },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await expect(page.getByText('Drop your file to read its text')).toBeVisible();
  await target.dispatchEvent('drop', { dataTransfer });
}

/** Picks a format from a Download menu and returns the saved file's HTML as mammoth reads it. */
async function downloadDocx(page: Page, scope: Locator): Promise<{ name: string; html: string }> {
  await scope.getByTestId('download-button').click();
  const saved = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /Word document/ }).click();
  const download = await saved;
  const file = await download.path();
  const { value } = await mammoth.convertToHtml({ path: file });
  return { name: download.suggestedFilename(), html: value };
}

const paragraphs = (html: string) => [...html.matchAll(/<p>(.*?)<\/p>/g)].map((m) => m[1]!);

async function humanizeLightning(page: Page) {
  await page.getByRole('radio', { name: /Lightning Mode/ }).click();
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByText('Text humanized successfully!')).toBeVisible({ timeout: 30_000 });
}

test('a Word file uploaded by the button is humanized and comes back as a Word file with its paragraphs', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  const box = page.getByRole('textbox', { name: 'Your text' });
  await page.getByTestId('upload-input').setInputFiles({
    name: 'Remote report.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await makeDocx(),
  });
  await expect(page.getByText('Read “Remote report.docx”')).toBeVisible();
  await expect(box).toHaveValue(new RegExp(`^# ${SAMPLE.title}\\n\\n`));
  const value = await box.inputValue();
  expect(value).toContain(`\n\n## ${SAMPLE.heading}\n\n`);
  expect(value).toContain(SAMPLE.bullets.map((b) => `- ${b}`).join('\n'));
  // The counter counts the extracted text as if it had been pasted.
  await expect(page.getByTestId('word-counter')).toHaveText(/\d+ \/ 250 words/);

  await humanizeLightning(page);
  const rewritten = (await page.getByTestId('result-text').innerText()).trim();
  const { name, html } = await downloadDocx(page, page.getByTestId('result-panel'));
  expect(name).toMatch(/\.docx$/);
  expect(html).toMatch(new RegExp(`<h1>${SAMPLE.title}</h1>`, 'i')); // the rewrite may touch a heading's words, never its place
  expect(html).toMatch(new RegExp(`<h2>${SAMPLE.heading}</h2>`, 'i'));
  expect(paragraphs(html)).toHaveLength(3);
  expect(html.match(/<li>/g)).toHaveLength(2);
  // The Word file holds the rewrite, not the original.
  expect(rewritten).toContain(paragraphs(html)[0]!.slice(0, 40).replace(/&#39;/g, "'"));

  // The same result from history, as Word and as Markdown.
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  const card = page.getByTestId('history-card').first();
  await expect(card).toBeVisible();
  // A compact entry shows its downloads once opened.
  await card.getByRole('button', { name: 'Show full text' }).click();
  const fromHistory = await downloadDocx(page, card);
  expect(fromHistory.html).toBe(html);
  await card.getByTestId('download-button').click();
  const saved = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /Markdown/ }).click();
  const md = await (await saved).createReadStream().then(async (s) => {
    let t = '';
    for await (const chunk of s) t += chunk;
    return t;
  });
  expect(md).toMatch(new RegExp(`^# ${SAMPLE.title}\n\n`, 'i'));
});

test('a Word file with its own styles comes back as a tracked Word file in those styles', async ({
  page,
  request,
}, testInfo) => {
  await signUpAndConfirm(page, request);
  await page.getByTestId('upload-input').setInputFiles({
    name: 'Styled plan.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await makeStyledDocx(),
  });
  await expect(page.getByText('Read “Styled plan.docx”')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your text' })).toHaveValue(new RegExp(`^# ${STYLED.heading}\\n\\n`));
  await page.screenshot({ path: testInfo.outputPath('styled-upload.png') });
  // The file's look goes with the rewrite of its text.
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/functions/humanize-text'));
  await humanizeLightning(page);
  expect(((await sent).postDataJSON() as { layout?: string }).layout).toMatch(/^[\w-]+\.[\w-]+$/);

  const saved = page.waitForEvent('download');
  await page.getByTestId('download-tracked').click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/-tracked\.docx$/);
  const parts = unzip(await readFile(await download.path()));
  const doc = parts.get('word/document.xml') ?? '';
  expect(parts.get('word/styles.xml')).toMatch(/w:styleId="MyQuote"[\s\S]*?w:ascii="Georgia"/);
  const styles = [...doc.matchAll(/<w:p>(?:<w:pPr>(?:<w:pStyle w:val="([^"]+)"\/>)?)?/g)].map((m) => m[1] ?? null);
  expect(styles).toEqual(['Heading1', null, 'MyQuote', 'ListParagraph', 'ListParagraph', null]);
  expect(doc).toMatch(/<w:ins\b[^>]*w:author="Plainspoken"/);
});

test('a PDF with a text layer dropped on the box is humanized and comes back as a Word file with its paragraphs', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request);
  const box = page.getByRole('textbox', { name: 'Your text' });
  await box.fill('Some earlier text.');
  await dropFile(page, box, 'report.pdf', await makeTextPdf(), 'application/pdf');
  await expect(page.getByText('Read “report.pdf”')).toBeVisible();
  await expect(box).toHaveValue(new RegExp(`^# ${SAMPLE.title}\\n\\n${SAMPLE.paragraphs[0]!.slice(0, 30)}`));
  expect(await box.inputValue()).toContain(`\n\n## ${SAMPLE.heading}\n\n`);

  await humanizeLightning(page);
  const { html } = await downloadDocx(page, page.getByTestId('result-panel'));
  expect(html).toMatch(new RegExp(`<h1>${SAMPLE.title}</h1>`, 'i')); // the rewrite may touch a heading's words, never its place
  expect(html).toMatch(new RegExp(`<h2>${SAMPLE.heading}</h2>`, 'i'));
  expect(paragraphs(html)).toHaveLength(3);
  expect(html.match(/<li>/g)).toHaveLength(2);
});

test('on the AI check, a scanned PDF gets a clear message and a wrong file type is refused before upload', async ({
  page,
}) => {
  await page.goto('/ai-check');
  const box = page.getByRole('textbox', { name: 'Text to check' });
  await dropFile(page, box, 'scan.pdf', await makeScannedPdf(), 'application/pdf');
  const problem = page.getByTestId('upload-problem');
  await expect(problem).toContainText('“scan.pdf” has no text layer: it looks like a scanned image');
  await expect(problem).toContainText('OCR');
  await expect(box).toHaveValue('');

  let uploads = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/documents/extract')) uploads++;
  });
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'slides.pptx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
  await expect(problem).toContainText('“slides.pptx” is not a file type we read');
  expect(uploads).toBe(0);

  // A good file clears the message and fills the box.
  await page.getByTestId('upload-input').setInputFiles({
    name: 'notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Notes\n\nPlain words here.\n'),
  });
  await expect(box).toHaveValue('# Notes\n\nPlain words here.');
  await expect(problem).toBeHidden();

  // A second file replaces the text; the toast's Undo brings the earlier text back.
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'other.txt', mimeType: 'text/plain', buffer: Buffer.from('Other words.') });
  await expect(box).toHaveValue('Other words.');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(box).toHaveValue('# Notes\n\nPlain words here.');
});
