import type { US_STATES } from '../../src/modules/marketplace/contracts/us-states.js';

type UsState = (typeof US_STATES)[number];

/** A ZIP code in each state leads come from (mostly its capital's or largest city's): intake takes a lead whose ZIP is in its state only. */
export const ZIP_OF_STATE: Readonly<Record<UsState, string>> = {
  AL: '35203',
  AK: '99501',
  AZ: '85001',
  AR: '72201',
  CA: '90012',
  CO: '80202',
  CT: '06103',
  DE: '19901',
  DC: '20001',
  FL: '33101',
  GA: '30303',
  HI: '96813',
  ID: '83702',
  IL: '60601',
  IN: '46204',
  IA: '50309',
  KS: '66603',
  KY: '40601',
  LA: '70112',
  ME: '04101',
  MD: '21202',
  MA: '02108',
  MI: '48226',
  MN: '55401',
  MS: '39201',
  MO: '63101',
  MT: '59601',
  NE: '68102',
  NV: '89101',
  NH: '03301',
  NJ: '07102',
  NM: '87501',
  NY: '10001',
  NC: '27601',
  ND: '58501',
  OH: '43215',
  OK: '73102',
  OR: '97201',
  PA: '19103',
  RI: '02903',
  SC: '29201',
  SD: '57501',
  TN: '37203',
  TX: '75201',
  UT: '84101',
  VT: '05601',
  VA: '23219',
  WA: '98101',
  WV: '25301',
  WI: '53202',
  WY: '82001',
  PR: '00901',
  VI: '00802',
  GU: '96910',
  AS: '96799',
  MP: '96950',
};

/** A ZIP code in `state` (a two-letter code in any case). */
export function zipOf(state: string): string {
  const zip = ZIP_OF_STATE[state.toUpperCase() as UsState];
  if (!zip) throw new Error(`No ZIP code for ${state}`);
  return zip;
}
