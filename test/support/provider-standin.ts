import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How a provider stand-in answers, switched by the test: as the provider's documentation says
 * (`normal`: success, or its auth failure for wrong credentials), refusing the lead with a 4xx
 * and a message (`reject`), failing with a 5xx (`server-error`), never answering (`hang`), or
 * answering normally after `slowMs` (`slow`).
 */
export type StandInMode = 'normal' | 'reject' | 'server-error' | 'hang' | 'slow';

export type RecordedRequest = { readonly method: string; readonly path: string; readonly headers: http.IncomingHttpHeaders; readonly body: string };

export type Answer = { readonly status: number; readonly contentType: string; readonly body: string };

export type StandInServer = {
  readonly url: string;
  mode: StandInMode;
  slowMs: number;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
};

export type ProviderAnswers = {
  /** The provider's answer in normal (and slow) mode: success, or its documented failure for this request. */
  normal(request: RecordedRequest): Answer;
  reject(request: RecordedRequest): Answer;
  serverError(request: RecordedRequest): Answer;
};

export const json = (status: number, body: unknown): Answer => ({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** A small node:http server on 127.0.0.1 answering with `answers` in the current mode, recording every request. */
export async function startProviderStandIn(answers: ProviderAnswers): Promise<StandInServer> {
  const hanging = new Set<http.ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const requests: RecordedRequest[] = [];
  // The test switches these on the returned object; the server reads them per request.
  const state: Pick<StandInServer, 'mode' | 'slowMs'> = { mode: 'normal', slowMs: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const send = (answer: Answer) => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': answer.contentType });
        res.end(answer.body);
      };
      switch (state.mode) {
        case 'hang':
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        case 'slow': {
          const timer = setTimeout(() => {
            timers.delete(timer);
            send(answers.normal(recorded));
          }, state.slowMs);
          timers.add(timer);
          return;
        }
        case 'reject':
          return send(answers.reject(recorded));
        case 'server-error':
          return send(answers.serverError(recorded));
        case 'normal':
          return send(answers.normal(recorded));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
