import { z } from 'zod';

import { optionalText, optionalUrl } from '../../platform/config/config-schema.js';
import { configSection } from '../../platform/config/config-section.js';
import { ConfigError, type PlatformConfig } from '../../platform/config/config.js';

/** An OpenAI-compatible chat endpoint that phrases the assistant's answers from the passages it is given. */
export type ChatModelSettings = {
  /** Its base address, e.g. https://api.openai.com/v1 (the chat endpoint is `{baseUrl}/chat/completions`). */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer`; never logged. */
  readonly apiKey: string;
  readonly model: string;
  /** How long an answer may take before the assistant answers from the passages alone. */
  readonly timeoutMs: number;
};

export type AssistantSettings = {
  /** Null when AI_BASE_URL, AI_API_KEY and AI_MODEL are not set (the embedded default): answers are made of the passages. */
  readonly chatModel: ChatModelSettings | null;
  /** Days a signed-in user's conversations are kept (ASSISTANT_RETENTION_DAYS); one handed to a help request stays with it. */
  readonly conversationRetentionDays: number;
};

export type AssistantConfig = PlatformConfig & AssistantSettings;

const wholeNumber = (min: number, max: number, unit: string) =>
  z.coerce
    .number({ message: `expected whole ${unit} from ${min} to ${max}` })
    .int(`expected whole ${unit} from ${min} to ${max}`)
    .min(min, `expected whole ${unit} from ${min} to ${max}`)
    .max(max, `expected whole ${unit} from ${min} to ${max}`);

export const assistantConfig = configSection(
  {
    AI_BASE_URL: optionalUrl(['https:', 'http:'], 'https://api.openai.com/v1'),
    AI_API_KEY: optionalText(),
    AI_MODEL: optionalText(),
    AI_TIMEOUT_SECONDS: wholeNumber(1, 120, 'seconds').default(20),
    ASSISTANT_RETENTION_DAYS: wholeNumber(1, 3650, 'days').default(90),
  },
  (e): AssistantSettings => {
    const conversationRetentionDays = e.ASSISTANT_RETENTION_DAYS;
    const set = { AI_BASE_URL: e.AI_BASE_URL, AI_API_KEY: e.AI_API_KEY, AI_MODEL: e.AI_MODEL };
    const missing = Object.entries(set).filter(([, value]) => value === undefined);
    if (missing.length === 3) return { chatModel: null, conversationRetentionDays };
    if (missing.length > 0) {
      throw new ConfigError(
        missing.map(
          ([name]) =>
            `${name}: expected a value, since ${Object.keys(set)
              .filter((key) => !missing.some(([m]) => m === key))
              .join(' and ')} ${missing.length === 2 ? 'is' : 'are'} set (the chat model needs AI_BASE_URL, AI_API_KEY and AI_MODEL together)`,
        ),
      );
    }
    return {
      chatModel: { baseUrl: e.AI_BASE_URL!.replace(/\/+$/, ''), apiKey: e.AI_API_KEY!, model: e.AI_MODEL!, timeoutMs: e.AI_TIMEOUT_SECONDS * 1000 },
      conversationRetentionDays,
    };
  },
);
