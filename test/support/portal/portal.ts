import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

import { DEMO_ACCOUNTS } from '../../../src/modules/identity/demo/demo-accounts.js';
import { eventually } from '../waiting.js';
import { ApiClient } from './api-client.js';
import { createConfirmedAccount } from './mailbox.js';

const DEMO_EMAILS = new Set(DEMO_ACCOUNTS.map((account) => account.email));

/** The shared test portal that the suite's global setup started (the embedded default, or the scaled deployment with E2E_PORTAL=scaled). */
export const portalUrl = (): string => inject('portalUrl');

/**
 * Where a sign-in with no page asked for lands: the dashboard, or Onboarding for an account that
 * cannot open the dashboard yet (no work account, no access code: landingPath in the web app).
 */
export const landedAfterSignIn = (url: URL) => url.pathname === '/dashboard' || url.pathname === '/onboarding';

/** Signs in through the /auth form, as a person would, and waits for the page it lands on. */
export async function signInThroughForm(page: Page, email: string, password: string = inject('demoPassword')): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(landedAfterSignIn);
}

/** An API client signed in as `email`; throws when the sign-in is refused. */
export async function signedInClient(email: string, password: string = inject('demoPassword')): Promise<ApiClient> {
  const client = new ApiClient(portalUrl());
  const response = await client.signIn(email, password);
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return client;
}

/** The demo admin creates an access code; returned once it can be used (the read model has it). */
export async function createAccessCode(grantsHours: number, label = 'test code'): Promise<{ codeId: string; code: string }> {
  const admin = await signedInClient('admin@portal.test');
  const created = await admin.request('POST', '/api/admin/access-codes', { label, grantsHours });
  if (created.status !== 201) throw new Error(`creating an access code failed: ${await created.text()}`);
  const { codeId, code } = (await created.json()) as { codeId: string; code: string };
  await eventually(
    'the access code in the read model',
    async () => ((await (await admin.request('GET', '/api/admin/access-codes')).json()) as { codes: { codeId: string }[] }).codes,
    (codes) => codes.some((c) => c.codeId === codeId),
  );
  return { codeId, code };
}

/** Opens a page that needs elevated access, entering a fresh access code in the dialog that asks for it unless the user has it already. */
export async function openWithAccessCode(page: Page, path: string): Promise<void> {
  const { user } = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { email: string; hasElevatedAccess: boolean; isMicrosoftUser: boolean };
  };
  if (user.hasElevatedAccess || user.isMicrosoftUser) {
    await page.goto(path);
    return;
  }
  if (DEMO_EMAILS.has(user.email))
    throw new Error(`${user.email} is a seeded demo account: entering a code would change it. Sign in with freshAdmin() or freshAgent().`);
  const { code } = await createAccessCode(1, `opening ${path}`);
  await page.goto(path);
  const dialog = page.getByTestId('access-code-dialog');
  await dialog.getByLabel('Access code').fill(code);
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await dialog.waitFor({ state: 'detached' });
}

export type TestAccount = { readonly email: string; readonly password: string };

/**
 * A confirmed agent account of the test's own: tests that change an account (its access,
 * attempts, roles, password) use one, never a seeded demo account.
 */
export async function freshAgent(name = 'agent'): Promise<TestAccount> {
  const account = { email: `${name}-${randomUUID().slice(0, 8)}@agents.test`, password: `Fresh-${randomUUID().slice(0, 8)}-Pass` };
  await createConfirmedAccount(account.email, account.password);
  return account;
}

/** A fresh account made an admin by the demo admin through the admin API (which changes only the fresh account). */
export async function freshAdmin(): Promise<TestAccount> {
  const account = await freshAgent('admin');
  const demoAdmin = await signedInClient('admin@portal.test');
  const { users } = (await (await demoAdmin.request('GET', `/api/admin/users?search=${encodeURIComponent(account.email)}`)).json()) as {
    users: { id: string }[];
  };
  const granted = await demoAdmin.request('PUT', `/api/admin/users/${users[0]!.id}/admin`, { admin: true });
  if (granted.status !== 200) throw new Error(`granting admin failed: ${await granted.text()}`);
  return account;
}
