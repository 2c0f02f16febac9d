import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { startMarketplaceStandIn, type MarketplaceStandIn } from '../../../../test/support/marketplace-standin.js';
import { loopbackHttp } from '../../../../test/support/sample-lead.js';
import { OutboundError } from '../../../platform/outbound/outbound-errors.js';
import { WeekFiguresError } from '../domain/marketplace-week.js';
import { MarketplaceAnswerError, MarketplaceApiError, MarketplaceClient } from './marketplace-client.js';

const PLAIN_WEEK =
  "{'AgentNumber': 'A1001', 'Submitted': 4250.5, 'Issued': 1999.99, 'BaseBonusAmount': 200, 'DataLeadsMatchLimit': 0.285, 'MadeLIPDeposit': True, 'CurrentlyEngaged': False}";
/** What the spec's clean-up (every ' to ", True/False to JSON's) turns into text JSON.parse refuses or misreads. */
const AWKWARD_WEEK = [
  "{'AgentNumber': 'A 10&02', 'AgentName': \"Sean O'Brien\", 'Note': 'True story', 'Upline': 'Not False either',",
  " 'Submitted': Decimal('1250.10'), 'Issued': Decimal('0.00'), 'BaseBonusAmount': '75', 'DataLeadsMatchLimit': -0.0,",
  " 'MadeLIPDeposit': False, 'CurrentlyEngaged': True, 'History': [(1, 'False start'), (2, None)], 'Flags': {},}",
].join('\n');

const naiveClean = (text: string) => text.replaceAll("'", '"').replaceAll('True', 'true').replaceAll('False', 'false');

describe('the marketplace client against its stand-in', () => {
  let marketplace: MarketplaceStandIn;
  let client: MarketplaceClient;
  const http = loopbackHttp();
  const clientWith = (token: string, timeoutMs = 2_000) =>
    new MarketplaceClient(http, { apiUrl: marketplace.apiUrl, token }, { timeoutMs, retryDelaysMs: [20, 40] });
  const failureOf = async (promise: Promise<unknown>): Promise<Error> => {
    try {
      await promise;
    } catch (error) {
      return error as Error;
    }
    throw new Error('expected the call to fail');
  };

  beforeAll(async () => {
    marketplace = await startMarketplaceStandIn();
    marketplace.weeks.set('A1001', PLAIN_WEEK);
    marketplace.weeks.set('A 10&02', AWKWARD_WEEK);
    client = clientWith(marketplace.token);
  });
  afterAll(async () => {
    http.close();
    await marketplace?.close();
  });
  beforeEach(() => {
    marketplace.mode = 'normal';
    marketplace.failNext = 0;
    marketplace.requests.length = 0;
  });

  it('reads an agent’s week, the dollar amounts in cents, asking with the bearer token', async () => {
    expect(await client.weekDetails('A1001')).toEqual({
      submittedCents: 425_050,
      issuedCents: 199_999,
      baseBonusAmountCents: 20_000,
      // 0.285 × 100 is 28.4999… in floating point; the amount is 28.5 cents, rounded up.
      dataLeadsMatchLimitCents: 29,
      madeLipDeposit: true,
      currentlyEngaged: false,
    });
    expect(marketplace.requests).toHaveLength(1);
    expect(marketplace.requests[0]).toMatchObject({ method: 'GET', path: '/api/getlionsharedetails?agentNumber=A1001' });
    expect(marketplace.requests[0]!.headers.authorization).toBe(`Bearer ${marketplace.token}`);
  });

  it('reads an answer with O’Brien, the word True inside strings, Decimals, tuples and a trailing comma', async () => {
    expect(() => JSON.parse(naiveClean(AWKWARD_WEEK))).toThrow();
    expect(await client.weekDetails('A 10&02')).toEqual({
      submittedCents: 125_010,
      issuedCents: 0,
      baseBonusAmountCents: 7_500,
      dataLeadsMatchLimitCents: 0,
      madeLipDeposit: false,
      currentlyEngaged: true,
    });
    expect(marketplace.requests[0]!.path).toBe('/api/getlionsharedetails?agentNumber=A%2010%2602');
  });

  it('reads a JSON answer too', async () => {
    marketplace.weeks.set(
      'J1',
      JSON.stringify({ Submitted: 10, Issued: 0, BaseBonusAmount: 0, DataLeadsMatchLimit: 5.5, MadeLIPDeposit: true, CurrentlyEngaged: true }),
    );
    expect(await client.weekDetails('J1')).toMatchObject({ submittedCents: 1_000, dataLeadsMatchLimitCents: 550, madeLipDeposit: true });
  });

  it('answers an agent the service does not know with “Marketplace API returned 404”, asking once', async () => {
    const error = await failureOf(client.weekDetails('A9999'));
    expect(error).toBeInstanceOf(MarketplaceApiError);
    expect(error.message).toBe('Marketplace API returned 404');
    expect(marketplace.requests).toHaveLength(1);
  });

  it('answers a refused token with “Marketplace API returned 401”, the token never in the message', async () => {
    const error = await failureOf(clientWith('wrong-token').weekDetails('A1001'));
    expect(error.message).toBe('Marketplace API returned 401');
    expect(marketplace.requests).toHaveLength(1);
  });

  it('tries a 5xx twice more, then answers “Marketplace API returned 500”', async () => {
    marketplace.mode = 'server-error';
    const error = await failureOf(client.weekDetails('A1001'));
    expect(error).toBeInstanceOf(MarketplaceApiError);
    expect(error.message).toBe('Marketplace API returned 500');
    expect(marketplace.requests).toHaveLength(3);
  });

  it('gets the week when the service recovers within the retries', async () => {
    marketplace.failNext = 2;
    expect(await client.weekDetails('A1001')).toMatchObject({ submittedCents: 425_050 });
    expect(marketplace.requests).toHaveLength(3);
  });

  it('waits for a slow answer within the time limit', async () => {
    marketplace.mode = 'slow';
    marketplace.slowMs = 300;
    expect(await client.weekDetails('A1001')).toMatchObject({ issuedCents: 199_999 });
  });

  it('gives up on a service that does not answer in time, after trying three times', async () => {
    marketplace.mode = 'hang';
    const error = await failureOf(clientWith(marketplace.token, 300).weekDetails('A1001'));
    expect(error).toBeInstanceOf(OutboundError);
    expect(error.message).toMatch(/^No complete answer from 127\.0\.0\.1:\d+ within 0\.3 s$/);
    expect(marketplace.requests).toHaveLength(3);
  });

  it('names the fields an answer lacks or gets wrong', async () => {
    marketplace.weeks.set('B2', "{'Submitted': 1, 'Issued': 2, 'BaseBonusAmount': 'n/a', 'MadeLIPDeposit': 'True', 'CurrentlyEngaged': None}");
    const error = await failureOf(client.weekDetails('B2'));
    expect(error).toBeInstanceOf(WeekFiguresError);
    expect(error.message).toBe(
      'The marketplace week details are not usable: BaseBonusAmount: expected a dollar amount, got "n/a"; DataLeadsMatchLimit is missing; ' +
        'MadeLIPDeposit: expected True or False, got "True"; CurrentlyEngaged: expected True or False, got null',
    );
  });

  it('says where an answer stops being a Python literal', async () => {
    marketplace.weeks.set('C3', "{'Submitted': 1, 'Issued': nan}");
    const error = await failureOf(client.weekDetails('C3'));
    expect(error).toBeInstanceOf(MarketplaceAnswerError);
    expect(error.message).toBe(
      "The Marketplace API's answer could not be read as a Python literal: Expected a number JSON can hold (nan and inf have no JSON value) at line 1, column 28 (position 27), found the word 'nan'",
    );
  });

  it('asks nothing for an empty agent number', async () => {
    await expect(client.weekDetails('  ')).rejects.toThrow('An agent number is needed');
    expect(marketplace.requests).toHaveLength(0);
  });
});
