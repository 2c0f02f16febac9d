import { describe, expect, it } from 'vitest';

import { NO_AGENT_NUMBER, NO_WEEK_FIGURES } from '../../../../src/modules/bonuses/contracts/bonus-runs';
import { exceptionAdvice, submitQuestion } from './run-texts';

const exception = (email: string, reason: string, displayName: string | null = null) => ({ userId: email, email, displayName, reason });

describe('the bonus run page’s words', () => {
  it('sends missing settings to the Users page, and missing week figures to the service’s connection or an adjustment', () => {
    expect(exceptionAdvice(NO_AGENT_NUMBER)).toContain('Users page');
    expect(exceptionAdvice(NO_WEEK_FIGURES)).not.toContain('Users page');
    expect(exceptionAdvice(NO_WEEK_FIGURES)).toContain('marketplace service');
    expect(exceptionAdvice(NO_WEEK_FIGURES)).toContain('adjustment');
  });

  it('names every agent a submitted run leaves out, with why', () => {
    expect(submitQuestion([])).toBe('Nothing in the run can change after this; a second admin approves it.');
    const question = submitQuestion([exception('a@x.test', NO_WEEK_FIGURES, 'Ann Lee'), exception('b@x.test', NO_AGENT_NUMBER)]);
    expect(question).toMatch(/^2 agents are not computed/);
    expect(question).toContain(`Ann Lee (${NO_WEEK_FIGURES})`);
    expect(question).toContain(`b@x.test (${NO_AGENT_NUMBER})`);
    expect(submitQuestion([exception('a@x.test', NO_AGENT_NUMBER)])).toMatch(/^One agent is not computed/);
  });
});
