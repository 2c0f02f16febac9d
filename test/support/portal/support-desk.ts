import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';

import type { ApiClient } from './api-client.js';
import { createAccessCode, freshAdmin, freshAgent, signedInClient } from './portal.js';

/** A fresh agent with elevated access (My Support Tickets is a protected page), their id and a signed-in client. */
export async function supportAgent(name = 'support') {
  const account = await freshAgent(name);
  const client = await signedInClient(account.email, account.password);
  const { code } = await createAccessCode(1, 'support desk');
  expect((await client.request('POST', '/api/access/verify', { code })).status).toBe(200);
  const userId = ((await (await client.request('GET', '/api/auth/session')).json()) as { user: { id: string } }).user.id;
  return { ...account, userId, client };
}

/** A fresh admin's signed-in client and id. */
export async function supportAdmin() {
  const account = await freshAdmin();
  const client = await signedInClient(account.email, account.password);
  const userId = ((await (await client.request('GET', '/api/auth/session')).json()) as { user: { id: string } }).user.id;
  return { ...account, userId, client };
}

export const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;

export type TicketFile = { fileId: string; name: string; contentType: string; size: number };

export const CONCERN = 'My leads did not arrive yesterday; the receipt shows the amount I paid.';
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

export const submitTicket = (
  client: ApiClient,
  body: Record<string, unknown> = { systemProgram: 'Lion Share / Matching', priority: 'High', concern: CONCERN },
  key: string = randomUUID(),
) => client.request('POST', '/api/support/tickets', body, { 'idempotency-key': key });

export const newTicket = async (client: ApiClient) => (await json<{ ticketId: string }>(submitTicket(client))).ticketId;

export const uploadTicketFile = (client: ApiClient, ticketId: string, name: string, bytes: Buffer, replyId?: string) =>
  client.request('POST', `/api/support/tickets/${ticketId}/files?name=${encodeURIComponent(name)}${replyId ? `&replyId=${replyId}` : ''}`, bytes, {
    'content-type': 'application/octet-stream',
  });

/** The e-mails the portal sent to one address, as the admin outbox lists them. */
export const mailsTo = async (email: string) =>
  (
    await json<{ messages: { subject: string; text: string; html?: string }[] }>(
      (await signedInClient('admin@portal.test')).request('GET', `/api/admin/outbox?to=${encodeURIComponent(email)}`),
    )
  ).messages;
