import { setTimeout as sleep } from 'node:timers/promises';

import { OutboundError } from '../../../platform/outbound/outbound-errors.js';
import type { OutboundHttp, OutboundResponse } from '../../../platform/outbound/outbound-http.js';
import type { MarketplaceServiceSettings } from '../bonuses.config.js';
import { weekFiguresFrom, type WeekFigures } from '../domain/marketplace-week.js';
import { parsePythonLiteral, PythonLiteralError, type LiteralValue } from '../domain/python-literal.js';

/** How long one call may take, the answer's body included. */
export const MARKETPLACE_TIMEOUT_MS = 10_000;
/** The waits before the second and third attempt when the service does not answer or answers 5xx. */
export const MARKETPLACE_RETRY_DELAYS_MS: readonly number[] = [500, 2_000];

/** The service answered, but not with the week details (after the retries, for a 5xx). */
export class MarketplaceApiError extends Error {
  constructor(readonly status: number) {
    super(`Marketplace API returned ${status}`);
    this.name = 'MarketplaceApiError';
  }
}

/** The service answered 2xx with text that is not a Python literal (nor JSON). */
export class MarketplaceAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MarketplaceAnswerError';
  }
}

export type MarketplaceClientOptions = {
  readonly timeoutMs?: number;
  readonly retryDelaysMs?: readonly number[];
};

/**
 * The marketplace service's week details: `GET {apiUrl}/api/getlionsharedetails?agentNumber=…`
 * with the bearer token, answered with a Python literal dict (Submitted, Issued, BaseBonusAmount,
 * DataLeadsMatchLimit in dollars; MadeLIPDeposit, CurrentlyEngaged) read into cents and flags.
 * No answer in time, a dropped connection or a 5xx is tried again twice; any other status is a
 * MarketplaceApiError at once. Calls go through the outbound fence: a service on a private
 * address needs it in OUTBOUND_ALLOW.
 */
export class MarketplaceClient {
  private readonly timeoutMs: number;
  private readonly retryDelaysMs: readonly number[];

  constructor(
    private readonly http: OutboundHttp,
    private readonly service: MarketplaceServiceSettings,
    options: MarketplaceClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? MARKETPLACE_TIMEOUT_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? MARKETPLACE_RETRY_DELAYS_MS;
  }

  async weekDetails(agentNumber: string): Promise<WeekFigures> {
    const agent = agentNumber.trim();
    if (agent === '') throw new Error('An agent number is needed to read the week details from the marketplace service');
    const response = await this.requestWithRetries(`${this.service.apiUrl}/api/getlionsharedetails?agentNumber=${encodeURIComponent(agent)}`);
    if (response.status < 200 || response.status >= 300) throw new MarketplaceApiError(response.status);
    if (response.truncated) throw new MarketplaceAnswerError('The Marketplace API answered more text than the week details can be (the answer was cut)');
    return weekFiguresFrom(readAnswer(response.body.toString('utf8')));
  }

  private async requestWithRetries(url: string): Promise<OutboundResponse> {
    for (let attempt = 0; ; attempt++) {
      const delay = this.retryDelaysMs[attempt];
      try {
        const response = await this.http.request({
          url,
          headers: { authorization: `Bearer ${this.service.token}`, accept: 'text/plain, application/json' },
          timeoutMs: this.timeoutMs,
        });
        if (response.status < 500 || delay === undefined) return response;
      } catch (error) {
        if (!(error instanceof OutboundError) || !(error.code === 'network' || error.code === 'timeout') || delay === undefined) throw error;
      }
      await sleep(delay);
    }
  }
}

/**
 * The answer's value: read as a Python literal, which is what the service writes. Text that is
 * not one but is JSON (true/false/null) is read as JSON, as the spec's clean-up-then-JSON.parse
 * read it too; the two agree on every text both can read that repr() writes.
 */
function readAnswer(text: string): LiteralValue {
  const body = text.replace(/^\uFEFF/, '');
  try {
    return parsePythonLiteral(body);
  } catch (error) {
    if (!(error instanceof PythonLiteralError)) throw error;
    try {
      return JSON.parse(body) as LiteralValue;
    } catch {
      throw new MarketplaceAnswerError(`The Marketplace API's answer could not be read as a Python literal: ${error.message}`);
    }
  }
}
