// A week's bonus end to end in the browser: an admin gives an agent a number and a role, the
// marketplace poller fills the agent's week from the stand-in, the run of the week that ended is
// opened, adjusted and submitted by one admin, refused to them and approved by another, paid
// into the wallet once, and the agent reads and downloads the statement.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { weekPerformanceStream } from '../../src/modules/bonuses/contracts/bonus-events.js';
import { bonusWeekOf, previousBonusWeek } from '../../src/modules/bonuses/domain/bonus-week.js';
import { newEvent, systemContext } from '../../src/platform/event-store/new-event.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { startMarketplaceStandIn, type MarketplaceStandIn } from '../support/marketplace-standin.js';
import { startOwnPortal, type OwnPortal, type SeededAccount } from '../support/portal/own-portal.js';
import { signInThroughForm } from '../support/portal/portal.js';
import { WAIT_CEILING_MS } from '../support/waiting.js';
import { checkPage, launchBrowser, newPage, screenshot } from './support/browser.js';

const AGENT_NUMBER = 'E2E-7';
/** The week the run is for: the one that has just ended. */
const WEEK = previousBonusWeek(bonusWeekOf(new Date()));

describe('a weekly bonus run', () => {
  let marketplace: MarketplaceStandIn;
  let own: OwnPortal;
  let browser: Browser;
  let preparer: SeededAccount;
  let approver: SeededAccount;
  let agent: SeededAccount;

  beforeAll(async () => {
    marketplace = await startMarketplaceStandIn();
    marketplace.weeks.set(
      AGENT_NUMBER,
      "{'Submitted': 21500.0, 'Issued': 17373.0, 'BaseBonusAmount': 200.0, 'DataLeadsMatchLimit': 388.5, 'MadeLIPDeposit': True, 'CurrentlyEngaged': True}",
    );
    own = await startOwnPortal({ MARKETPLACE_API_URL: marketplace.apiUrl, MARKETPLACE_API_TOKEN: marketplace.token, OUTBOUND_ALLOW: '127.0.0.1' });
    browser = await launchBrowser();
    [preparer, approver, agent] = await Promise.all([own.account({ role: 'admin' }), own.account({ role: 'admin' }), own.account()]);
  });
  afterAll(async () => {
    await browser?.close();
    await own?.close();
    await marketplace?.close();
  });

  const signedIn = async (who: SeededAccount, width = 1366): Promise<{ page: Page; close: () => Promise<void> }> => {
    const { context, page } = await newPage(browser, { width, baseURL: own.portal.url });
    await signInThroughForm(page, who.email, who.password);
    return { page, close: () => context.close() };
  };

  it('lets an admin set an agent’s number and role on the Users page, and the poller fills their week at once', async () => {
    const { page, close } = await signedIn(preparer);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(agent.email);
    // The grid shows the search's answer before a menu is opened in it: a reload closes an open menu.
    await expect.poll(() => page.getByRole('button', { name: /^Manage / }).count()).toBe(1);
    await page.getByRole('button', { name: `Manage ${agent.email}` }).click();
    await page.getByRole('menuitem', { name: 'Bonus settings...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bonus settings' });
    await dialog.getByLabel('Agent number').fill('bad number!');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText('Agent number may contain only letters, digits and dashes').count()).toBe(1);
    await dialog.getByLabel('Agent number').fill(AGENT_NUMBER);
    await dialog.getByLabel('Commission role').selectOption('VET');
    await dialog.getByLabel('Program start date').fill('2025-06-02');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Bonus settings saved').first().waitFor();
    await page.getByRole('gridcell', { name: new RegExp(`VET · #${AGENT_NUMBER} · wk \\d+$`) }).waitFor();
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'bonus-settings-users-1366');
    await close();

    await vi.waitFor(
      async () => {
        const week = (await (await agent.client.request('GET', '/api/bonuses/week-performance')).json()) as {
          hasFigures: boolean;
          figures: { submittedCents: number };
        };
        expect(week).toMatchObject({ hasFigures: true, figures: { submittedCents: 2_150_000 } });
      },
      { interval: 250, timeout: WAIT_CEILING_MS },
    );
    for (const width of [1366, 390]) {
      const agentPage = await signedIn(agent, width);
      await agentPage.page.goto('/profile');
      const card = agentPage.page.getByTestId('week-performance');
      await card.getByText('$21,500.00').waitFor();
      await card.getByText('$17,373.00').waitFor();
      await card.getByText(/^Last updated /).waitFor();
      await agentPage.page.getByTestId('investment-tracker').getByText('No deposits, lead spend or bonuses in the last 12 weeks.').waitFor();
      expect(await checkPage(agentPage.page)).toEqual([]);
      await screenshot(agentPage.page, `profile-week-performance-${width}`);
      await agentPage.close();
    }
  });

  it('opens the ended week’s run, adjusts and submits it, and refuses its approval to the admin who prepared it', async () => {
    // Last week's figures, as the poller recorded them then.
    await new PostgresEventStore(own.pool).append(
      weekPerformanceStream(agent.userId),
      [
        newEvent(
          'WeekFiguresRecorded',
          {
            userId: agent.userId,
            agentNumber: AGENT_NUMBER,
            week: WEEK,
            figures: {
              submittedCents: 2_150_000,
              issuedCents: 1_737_300,
              baseBonusAmountCents: 20_000,
              dataLeadsMatchLimitCents: 38_850,
              madeLipDeposit: true,
              currentlyEngaged: true,
            },
            changed: ['submittedCents'],
          },
          systemContext('e2e'),
        ),
      ],
      { expectedVersion: 'any' },
    );
    await vi.waitFor(
      async () => {
        const { rows } = await own.pool.query('SELECT 1 FROM rm_week_performance WHERE user_id = $1 AND week = $2 AND has_figures', [agent.userId, WEEK]);
        expect(rows).toHaveLength(1);
      },
      { interval: 200, timeout: WAIT_CEILING_MS },
    );
    const { page, close } = await signedIn(preparer);
    await page.goto('/admin/bonus-runs');
    await expect.poll(() => page.getByLabel('Week (its Monday)').inputValue()).toBe(WEEK);
    // The weekly schedule opened the ended week's run when the portal started, before the agent had a number.
    await page.getByRole('button', { name: 'Open run' }).click();
    await page.getByText('This week has its run').first().waitFor();
    await page.getByRole('heading', { name: `Bonus run, week of ${WEEK}` }).waitFor();
    // The agent's number and figures came after the run was computed: the page says so until it is recomputed.
    await page.getByTestId('inputs-changed').waitFor();
    await page.getByRole('button', { name: 'Recompute inputs' }).click();
    await page.getByText('Inputs recomputed').first().waitFor();
    await page.getByTestId('inputs-changed').waitFor({ state: 'detached' });
    // $200 base + round(38,873 × 0.808) = $514.09 Lion's Share; no deposit, so no match.
    await page.getByRole('gridcell', { name: '$514.09' }).first().waitFor();
    await page.getByRole('button', { name: 'Add adjustment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an adjustment' });
    await dialog.getByLabel('Agent').selectOption(agent.userId);
    await dialog.getByLabel('Amount ($, negative to deduct)').fill('25');
    await dialog.getByLabel('Reason').fill('Carrier late issue');
    await dialog.getByRole('button', { name: 'Add adjustment' }).click();
    await page.getByText('Adjustment added').first().waitFor();
    await page.getByRole('gridcell', { name: '$539.09' }).waitFor();
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Waiting for approval').first().waitFor();
    // The preparer is told why they cannot approve, and not offered the button (the server refuses them too).
    await page.getByRole('note').getByText('You prepared this run: a second admin must approve it.').waitFor();
    expect(await page.getByRole('button', { name: 'Approve and pay' }).count()).toBe(0);
    expect((await preparer.client.request('POST', `/api/admin/bonus-runs/${WEEK}/approve`, {})).status).toBe(403);
    expect(await checkPage(page)).toEqual([]);
    await screenshot(page, 'bonus-run-submitted-1366');
    await close();
  });

  it('is approved by a second admin and paid into the wallet once', async () => {
    const before = (await (await agent.client.request('GET', '/api/wallet')).json()) as { availableCents: number };
    for (const width of [1366, 390]) {
      const { page, close } = await signedIn(approver, width);
      await page.goto(`/admin/bonus-runs?week=${WEEK}`);
      if (width === 1366) {
        await page.getByRole('button', { name: 'Approve and pay' }).click();
        await page.getByRole('dialog').getByText('$539.09 will be paid into the agents’ wallets, once each.').waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Approve and pay' }).click();
        await page.getByText('Run approved').first().waitFor();
      }
      await page.getByText('Paid', { exact: true }).first().waitFor();
      expect(await checkPage(page)).toEqual([]);
      await screenshot(page, `bonus-run-paid-${width}`);
      await close();
    }
    const after = (await (await agent.client.request('GET', '/api/wallet')).json()) as { availableCents: number };
    expect(after.availableCents - before.availableCents).toBe(53_909);
    // Approving again changes nothing.
    const again = await approver.client.request('POST', `/api/admin/bonus-runs/${WEEK}/approve`, {});
    expect(again.status).toBe(200);
    const ledger = (await (await agent.client.request('GET', '/api/wallet/ledger')).json()) as { entries: { type: string }[] };
    expect(ledger.entries.filter((entry) => entry.type === 'BonusCredited')).toHaveLength(1);
  });

  it('shows the agent their statement, each line with its source, and downloads it as CSV and PDF', async () => {
    for (const width of [1366, 390]) {
      const { page, close } = await signedIn(agent, width);
      await page.goto('/bonus-statements');
      await page.getByRole('heading', { name: `Week of ${WEEK}` }).waitFor();
      await page.getByRole('row', { name: /^Total .*\$514\.09/ }).waitFor();
      await page.getByRole('row', { name: /^Adjustment .*\$25\.00/ }).waitFor();
      await page.getByRole('row', { name: /^Paid into the wallet .*\$539\.09/ }).waitFor();
      if (width === 1366) {
        const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV' }).click()]);
        expect(csv.suggestedFilename()).toBe(`bonus-statement-${WEEK}.csv`);
        const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'PDF' }).click()]);
        expect(pdf.suggestedFilename()).toBe(`bonus-statement-${WEEK}.pdf`);
      }
      expect(await checkPage(page)).toEqual([]);
      await screenshot(page, `bonus-statement-${width}`);
      await close();
    }
    // The calculator reproduces the statement from its frozen inputs, every figure.
    const { statement } = (await (await agent.client.request('GET', `/api/bonuses/statements/${WEEK}`)).json()) as {
      statement: { line: { inputs: unknown; result: unknown } };
    };
    const calculated = await agent.client.request('POST', '/api/bonuses/calculate', statement.line.inputs);
    expect(await calculated.json()).toEqual(statement.line.result);
    const csv = await (await agent.client.request('GET', `/api/bonuses/statements/${WEEK}/statement.csv`)).text();
    expect(csv).toContain("Lion's Share,Bonus,$314.09");
    expect(csv).toContain('Adjustments,Adjustment,$25.00,Carrier late issue');
  });

  it('keeps statements and runs to their owners', async () => {
    const stranger = await own.account();
    expect((await stranger.client.request('GET', `/api/bonuses/statements/${WEEK}`)).status).toBe(404);
    expect((await stranger.client.request('GET', `/api/bonuses/statements/${WEEK}/statement.pdf`)).status).toBe(404);
    expect((await agent.client.request('GET', '/api/admin/bonus-runs')).status).toBe(403);
    expect(
      (
        await agent.client.request(
          'POST',
          `/api/admin/bonus-runs/${WEEK}/adjustments`,
          { userId: agent.userId, amountCents: 100, reason: 'mine' },
          { 'idempotency-key': randomUUID() },
        )
      ).status,
    ).toBe(403);
    const week = (await (await stranger.client.request('GET', '/api/bonuses/week-performance')).json()) as { hasFigures: boolean; agentNumber: string | null };
    expect(week).toMatchObject({ hasFigures: false, agentNumber: null });
  });
});
