import { inject } from 'vitest';

import { eventually } from '../waiting.js';
import { ApiClient } from './api-client.js';

/** The newest link of this kind mailed to `email`, read from the outbox as an admin would. */
export async function mailedLink(email: string, kind: 'confirm' | 'recovery' | 'prep-course'): Promise<URL> {
  const admin = new ApiClient(inject('portalUrl'));
  await admin.signIn('admin@portal.test', inject('demoPassword'));
  const pattern = {
    confirm: /https?:\/\/\S+\/auth\/confirm\?token=\S+/,
    recovery: /https?:\/\/\S+\/auth\?type=recovery&token=\S+/,
    'prep-course': /https?:\/\/\S+\/prep-course\/confirm\?token=\S+/,
  }[kind];
  const link = await eventually(
    `a ${kind} mail to ${email}`,
    async () => {
      const { messages } = await (await admin.request('GET', `/api/admin/outbox?to=${encodeURIComponent(email)}`)).json();
      return (messages as { text: string }[]).map((m) => m.text.match(pattern)?.[0]).find(Boolean);
    },
    Boolean,
  );
  return new URL(link!);
}

export const tokenOf = (link: URL) => link.searchParams.get('token')!;

/** Signs up through the API (from a client address of its own) and confirms through the mailed link. */
export async function createConfirmedAccount(email: string, password: string): Promise<void> {
  const client = new ApiClient(inject('portalUrl'));
  const { leaders } = await (await client.request('GET', '/api/sat-leaders')).json();
  const signUp = await client.request('POST', '/api/auth/sign-up', { email, password, confirmPassword: password, satLeaderId: leaders[0].id });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${await signUp.text()}`);
  const confirmed = await client.request('POST', '/api/auth/confirm-email', { token: tokenOf(await mailedLink(email, 'confirm')) });
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${await confirmed.text()}`);
}
