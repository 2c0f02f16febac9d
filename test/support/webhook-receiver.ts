import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { verifyWebhook, type WebhookCheck } from '../../src/modules/integrations/delivery/standard-webhooks.js';

export type ReceivedWebhook = {
  readonly id: string | undefined;
  readonly timestamp: string | undefined;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  /** The signature checked with the receiver's secret, as a receiver following Standard Webhooks would. */
  readonly check: WebhookCheck;
  readonly answeredStatus: number;
};

export type WebhookReceiver = {
  readonly url: string;
  /** The secret signatures are checked with; set it to the one the portal showed at connect. */
  secret: string | null;
  /** What the next requests are answered with (200 by default); a function decides per request. */
  answer: number | ((received: number) => number);
  /** Answer only after this many milliseconds (0: at once). */
  delayMs: number;
  /** The message of an answer of 400 or more. */
  message: string;
  /** When set, a request without `Authorization: Bearer <apiKey>` is answered 401. */
  apiKey: string | null;
  readonly received: ReceivedWebhook[];
  /** Distinct webhook-ids verified and answered 2xx: what a receiver that drops repeats would keep. */
  accepted(): string[];
  /** Resolves once `count` requests have come (or rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
};

/**
 * A local endpoint that receives signed webhooks (OnlySales-style integrations, custom API
 * integrations, the lead-delivery benchmark): verifies each against its secret, records it, and
 * answers with the status the test chose. A request whose signature fails is answered 401.
 */
export async function startWebhookReceiver(options: { secret?: string; apiKey?: string; path?: string } = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const pending = new Set<NodeJS.Timeout>();
  // The test switches these on the returned object; the server reads them per request.
  const state: Pick<WebhookReceiver, 'secret' | 'apiKey' | 'answer' | 'delayMs' | 'message'> = {
    secret: options.secret ?? null,
    apiKey: options.apiKey ?? null,
    answer: 200,
    delayMs: 0,
    message: 'Rejected by the receiver',
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const check: WebhookCheck = state.secret ? verifyWebhook(state.secret, req.headers, body) : { valid: false, reason: 'the receiver has no secret' };
      const chosen = typeof state.answer === 'function' ? state.answer(received.length + 1) : state.answer;
      const authorized = state.apiKey === null || req.headers.authorization === `Bearer ${state.apiKey}`;
      const status = check.valid && authorized ? chosen : 401;
      const one = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
      received.push({ id: one('webhook-id'), timestamp: one('webhook-timestamp'), headers: req.headers, body, check, answeredStatus: status });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const respond = () => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        const message = !check.valid ? check.reason : !authorized ? 'Unknown API key' : state.message;
        res.end(JSON.stringify(status < 400 ? { received: true } : { message }));
      };
      if (state.delayMs <= 0) return respond();
      const timer = setTimeout(() => {
        pending.delete(timer);
        respond();
      }, state.delayMs);
      pending.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}${options.path ?? '/webhook'}`,
    received,
    accepted: () => [...new Set(received.filter((r) => r.check.valid && r.answeredStatus >= 200 && r.answeredStatus < 300).map((r) => r.id!))],
    waitFor(count: number, timeoutMs = 30_000): Promise<ReceivedWebhook[]> {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${received.length} of ${count} webhooks came within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received.slice());
          },
        });
      });
    },
    async close() {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
