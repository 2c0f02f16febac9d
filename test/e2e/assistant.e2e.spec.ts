import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshAdmin, freshAgent, openWithAccessCode, signInThroughForm } from '../support/portal/portal.js';
import { allowConsoleMessage, checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const toastSays = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'AI Assistant' });
const openAssistant = async (page: Page) => {
  await page.getByRole('button', { name: 'Open the AI assistant' }).click();
  await dialogOf(page).waitFor();
  return dialogOf(page);
};

describe('the AI assistant in the browser', () => {
  it('loads on first open, sends on Enter only what can be sent, one at a time, and links the page an answer came from', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    const asked: string[] = [];
    // The answer is held until the test has seen what the dialog does while it is pending.
    let answerNow = () => {};
    const answerHeld = new Promise<void>((resolve) => (answerNow = resolve));
    await page.route('**/api/assistant/chat', async (route) => {
      asked.push((route.request().postDataJSON() as { messages: { content: string }[] }).messages.at(-1)!.content);
      await answerHeld;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome to the Agent Portal' }).waitFor();
    expect(scripts.some((url) => url.includes('assistant-dialog'))).toBe(false);

    const dialog = await openAssistant(page);
    expect(scripts.some((url) => url.includes('assistant-dialog'))).toBe(true);
    await dialog.getByText('How can I help you today?').waitFor();
    const box = dialog.getByLabel('Message');
    const send = dialog.getByRole('button', { name: 'Send' });
    await box.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await box.press('Enter');
    await box.fill('How much does licensing cost?');
    await box.press('Shift+Enter');
    expect(await box.inputValue()).toBe('How much does licensing cost?\n');
    expect(asked).toEqual([]);
    await box.press('Enter');
    await dialog.getByText('Typing...').waitFor();
    await box.fill('A second question while the first is pending');
    await box.press('Enter');
    expect(await send.isDisabled()).toBe(true);
    answerNow();
    const answer = dialog.getByTestId('assistant-answer');
    await answer.getByText(/Getting licensed costs \$181 in all/).waitFor();
    expect(asked).toEqual(['How much does licensing cost?']);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'assistant-answer-390');

    await answer.getByRole('link', { name: 'Getting Started' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding');
    expect(await dialogOf(page).count()).toBe(0);
    await context.close();
  });

  it('puts the list back and says why when an answer fails', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 900 });
    await page.route('**/api/assistant/chat', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Failed to get response"}' }),
    );
    allowConsoleMessage(page, /status of 500/);
    await page.goto('/about');
    const dialog = await openAssistant(page);
    await dialog.getByLabel('Message').fill('When is the next prep course?');
    await dialog.getByLabel('Message').press('Enter');
    await toastSays(page, 'Failed to get response');
    await dialog.getByText('How can I help you today?').waitFor();
    expect(await dialog.getByTestId('assistant-question').count()).toBe(0);
    expect(await dialog.getByLabel('Message').inputValue()).toBe('When is the next prep course?');
    await context.close();
  });

  it('hands a conversation it cannot answer to a help request, which the admin reads with its transcript', async () => {
    const agent = await freshAgent('assistant-handoff');
    const { context, page } = await newPage(browser, { width: 1366, height: 900 });
    await signInThroughForm(page, agent.email, agent.password);
    // Banking needs no access code, so no code dialog covers the page.
    await page.goto('/profile');
    const dialog = await openAssistant(page);
    await dialog.getByLabel('Message').fill('Can I bring my dog to the office party?');
    await dialog.getByLabel('Message').press('Enter');
    await dialog.getByText(/I don't know that from the portal's pages/).waitFor();
    // A later question does not take the place of the one the unhelpful answer was for.
    await dialog.getByLabel('Message').fill('How much does licensing cost?');
    await dialog.getByLabel('Message').press('Enter');
    await dialog.getByText(/Getting licensed costs \$181 in all/).waitFor();
    await screenshot(page, 'assistant-handoff-1366');
    await dialog.getByTestId('assistant-answer').first().getByRole('button', { name: 'Open a help request' }).click();

    const help = page.getByRole('dialog', { name: 'Submit Help Request' });
    await help.getByTestId('help-request-about').getByText('Your conversation with the AI assistant').waitFor();
    const concern = await help.getByLabel('Comment / Concern').inputValue();
    expect(concern).toContain('Can I bring my dog to the office party?');
    expect(concern).not.toContain('licensing');
    await help.getByLabel('System / Program').selectOption('General');
    await help.getByLabel('Priority').selectOption('Low');
    await help.getByRole('button', { name: 'Submit Request' }).click();
    await toastSays(page, 'Your request about General (Low priority) has been sent to the support team');
    expect(await checkPage(page)).toEqual([]);
    await context.close();

    const admin = await freshAdmin();
    const adminView = await newPage(browser, { width: 1366, height: 900 });
    await signInThroughForm(adminView.page, admin.email, admin.password);
    await openWithAccessCode(adminView.page, '/admin/assistant');
    await adminView.page.getByRole('heading', { name: 'Assistant: Unanswered Questions' }).waitFor();
    const question = adminView.page
      .getByRole('list', { name: 'Unanswered questions' })
      .getByRole('listitem')
      .filter({ hasText: 'Can I bring my dog to the office party?' });
    await question.waitFor();
    expect(await checkPage(adminView.page)).toEqual([]);
    await screenshot(adminView.page, 'admin-assistant-1366');
    await question.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => question.count()).toBe(0);
    await adminView.context.close();
  });

  it('lets an agent say an answer did not help, with a word, which the admin page lists with the passage used at 1366 and 390 px', async () => {
    const agent = await freshAgent('assistant-unhelpful');
    const note = `It should say what the exam costs (${Date.now()})`;
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInThroughForm(page, agent.email, agent.password);
    await page.goto('/profile');
    const dialog = await openAssistant(page);
    await dialog.getByLabel('Message').fill('How much does licensing cost?');
    await dialog.getByLabel('Message').press('Enter');
    const answer = dialog.getByTestId('assistant-answer').filter({ hasText: 'Getting licensed costs $181 in all' });
    await answer.waitFor();
    await answer.getByRole('button', { name: 'Not helpful' }).click();
    await answer.getByLabel('What was wrong? (optional)').fill(note);
    await answer.getByRole('button', { name: 'Send' }).click();
    await answer.getByRole('status').getByText('Thanks. An admin will read this to improve the answer.').waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'assistant-not-helpful-390');
    await context.close();

    const admin = await freshAdmin();
    const adminView = await newPage(browser, { width: 1366, height: 900 });
    await signInThroughForm(adminView.page, admin.email, admin.password);
    await openWithAccessCode(adminView.page, '/admin/assistant');
    const marked = adminView.page.getByRole('list', { name: 'Answers marked not helpful' }).getByRole('listitem').filter({ hasText: note });
    await marked.waitFor();
    await marked.getByRole('link', { name: 'What it costs: licensing costs $181 in all (Getting Started)' }).waitFor();
    await adminView.page.getByRole('heading', { name: 'Answers given with a low margin' }).waitFor();
    expect(await checkPage(adminView.page)).toEqual([]);
    await screenshot(adminView.page, 'admin-assistant-feedback-1366');
    await adminView.page.setViewportSize({ width: 390, height: 844 });
    await marked.waitFor();
    expect(await checkPage(adminView.page)).toEqual([]);
    await screenshot(adminView.page, 'admin-assistant-feedback-390');
    await adminView.context.close();
  });
});
