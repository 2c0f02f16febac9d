import { describe, expect, it } from 'vitest';

import { isEmailAllowed } from './email-allowlist.js';

describe('who may sign up', () => {
  it('lets anyone in when nothing is configured', () => {
    expect(isEmailAllowed('ana@gmail.com', [], [])).toBe(true);
  });

  it('lets in company domains and approved addresses only, once configured', () => {
    expect(isEmailAllowed('ana@agency.com', ['agency.com'], [])).toBe(true);
    expect(isEmailAllowed('ana@sub.agency.com', ['agency.com'], [])).toBe(false);
    expect(isEmailAllowed('bo@gmail.com', ['agency.com'], ['bo@gmail.com'])).toBe(true);
    expect(isEmailAllowed('cy@gmail.com', ['agency.com'], ['bo@gmail.com'])).toBe(false);
  });
});
