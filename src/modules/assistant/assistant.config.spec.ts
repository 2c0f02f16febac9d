import { describe, expect, it } from 'vitest';

import { ConfigError, readConfig } from '../../platform/config/config.js';
import { assistantConfig, type AssistantSettings } from './assistant.config.js';

const load = (env: NodeJS.ProcessEnv) => readConfig([assistantConfig], env) as unknown as AssistantSettings;
const problemsOf = (env: NodeJS.ProcessEnv) => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('the assistant settings', () => {
  it('have no chat model when none of AI_BASE_URL, AI_API_KEY and AI_MODEL is set, and keep conversations 90 days', () => {
    expect(load({})).toMatchObject({ chatModel: null, conversationRetentionDays: 90 });
  });

  it('name the chat model with all three, without a trailing slash, and its timeout', () => {
    expect(load({ AI_BASE_URL: 'https://llm.example.com/v1/', AI_API_KEY: 'k', AI_MODEL: 'm', AI_TIMEOUT_SECONDS: '5' }).chatModel).toEqual({
      baseUrl: 'https://llm.example.com/v1',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 5_000,
    });
  });

  it('refuse a chat model set in part, naming what is missing', () => {
    const problems = problemsOf({ AI_BASE_URL: 'https://llm.example.com/v1', AI_MODEL: 'm' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^AI_API_KEY: expected a value, since AI_BASE_URL and AI_MODEL are set/);
    expect(problemsOf({ ASSISTANT_RETENTION_DAYS: '0' })[0]).toMatch(/^ASSISTANT_RETENTION_DAYS: expected whole days from 1 to 3650/);
  });
});
