import path from 'node:path';
import { z } from 'zod';

import { OUTBOUND_ALLOW_HELP, parseOutboundAllow, type OutboundAllowList } from '../outbound/outbound-allow.js';
import { KEY_FORMAT_HELP, parseKey } from '../secrets/key-material.js';
import { canonicalTimeZone, DEFAULT_ORG_TIME_ZONE, TIME_ZONE_HELP } from '../time/org-time.js';
import { booleanFlag, commaList, keyList, optionalText, optionalUrl } from './config-schema.js';
import type { ConfigSection } from './config-section.js';
import { EnvFileError, readEnvFile, withEnvFile, type EnvFile } from './env-file.js';

/** The platform's own variables; each module declares its own in `<module>.config.ts`. */
const platformShape = {
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'expected development, production or test' }).default('development'),
  PORT: z.coerce
    .number({ message: 'expected a port number from 0 to 65535' })
    .int('expected a port number from 0 to 65535')
    .min(0, 'expected a port number from 0 to 65535')
    .max(65535, 'expected a port number from 0 to 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'expected a host name or address, e.g. 0.0.0.0').default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://portal.example.com'),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value): boolean | number | string[] => {
      if (!value || value === 'false') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      return commaList(value);
    })
    .refine(
      (value) =>
        !Array.isArray(value) || value.every((item) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(item) || ['loopback', 'linklocal', 'uniquelocal'].includes(item)),
      'expected false, true, a number of proxy hops, or proxy addresses/CIDRs separated by commas, e.g. 10.0.0.0/8,loopback',
    ),
  DATA_DIR: z.string().trim().min(1, 'expected a folder path').default('.data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user:pass@localhost:5432/portal'),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'expected a whole number from 2 to 100' })
    .int('expected a whole number from 2 to 100')
    .min(2, 'expected a whole number from 2 to 100')
    .max(100, 'expected a whole number from 2 to 100')
    .default(10),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://localhost:6379'),
  REDIS_PREFIX: z.string().trim().min(1, 'expected a key prefix, e.g. portal').default('portal'),
  EVENTSTORE_URL: optionalUrl(['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrent:'], 'esdb://localhost:2113?tls=false'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.com:587'),
  MAIL_FROM: z.string().trim().min(3, 'expected a sender address, e.g. Agent Portal <no-reply@example.com>').default('Agent Portal <no-reply@localhost>'),
  RUN_WORKERS: booleanFlag(true),
  JOB_CONCURRENCY: z.coerce
    .number({ message: 'expected a whole number from 1 to 256' })
    .int('expected a whole number from 1 to 256')
    .min(1, 'expected a whole number from 1 to 256')
    .max(256, 'expected a whole number from 1 to 256')
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number({ message: 'expected minutes from 5 to 10080' })
    .int('expected minutes from 5 to 10080')
    .min(5, 'expected minutes from 5 to 10080')
    .max(10_080, 'expected minutes from 5 to 10080')
    .default(480),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number({ message: 'expected hours from 1 to 720' })
    .int('expected hours from 1 to 720')
    .min(1, 'expected hours from 1 to 720')
    .max(720, 'expected hours from 1 to 720')
    .default(168),
  ENCRYPTION_KEY: optionalText().refine((value) => value === undefined || parseKey(value) !== null, KEY_FORMAT_HELP),
  ENCRYPTION_KEYS_OLD: z
    .string()
    .optional()
    .transform((value) => keyList(value))
    .refine(
      (list) => list.every((key) => parseKey(key) !== null),
      `expected older keys separated by commas, each ${KEY_FORMAT_HELP.replace(/^expected /, '')}`,
    ),
  OUTBOUND_ALLOW: z
    .string()
    .optional()
    .transform((value) => keyList(value))
    .refine((list) => parseOutboundAllow(list) !== null, OUTBOUND_ALLOW_HELP),
  OUTBOUND_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'expected whole seconds from 1 to 120' })
    .int('expected whole seconds from 1 to 120')
    .min(1, 'expected whole seconds from 1 to 120')
    .max(120, 'expected whole seconds from 1 to 120')
    .default(15),
  ORG_TIME_ZONE: optionalText()
    .transform((value) => value ?? DEFAULT_ORG_TIME_ZONE)
    .refine((value) => canonicalTimeZone(value) !== null, TIME_ZONE_HELP)
    .transform((value) => canonicalTimeZone(value)!),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
};

/** The settings of the platform itself; a module's code reads them beside its own section's. */
export type PlatformConfig = {
  /** The settings file read at start (ENV_FILE or .env), or null. */
  readonly envFile: string | null;
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  /** PUBLIC_URL was set: links and returns use it, not the address a request came to. */
  readonly publicUrlSet: boolean;
  /** Which proxies may set X-Forwarded-For; the client address (rate limits, security events) comes from it only through them. */
  readonly trustProxy: boolean | number | readonly string[];
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly databasePoolSize: number;
  readonly redisUrl: string | undefined;
  readonly redisPrefix: string;
  readonly eventStoreUrl: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly runWorkers: boolean;
  /** Jobs one process runs at once; unset, the queue's own default (16 on BullMQ, 2 on the job table). */
  readonly jobConcurrency: number | undefined;
  readonly logLevel: string;
  /** The organisation's IANA time zone (ORG_TIME_ZONE): every day boundary and every time shown, exported or mailed is in it (src/platform/time/org-time.ts). */
  readonly orgTimeZone: string;
  readonly session: { readonly idleMinutes: number; readonly absoluteHours: number; readonly secureCookie: boolean };
  /**
   * The keys of the secrets stored at rest (AES-256-GCM): `key` encrypts, `oldKeys` only
   * decrypt (until `npm run secrets:rotate`). No key on the embedded default: a key file in DATA_DIR.
   */
  readonly encryption: { readonly key: Buffer | undefined; readonly oldKeys: readonly Buffer[] };
  /** Calls to addresses users configure (integrations): what the fence lets through, and how long a call may take. */
  readonly outbound: { readonly allow: OutboundAllowList; readonly timeoutMs: number };
};

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Every environment variable the platform and the given sections read. */
export function configVariables(sections: readonly ConfigSection<object>[]): string[] {
  return Object.keys(configShape(sections));
}

/**
 * Reads and validates the environment for the platform and the given module sections in one
 * parse; throws a ConfigError naming every bad variable. Without `given`: the process
 * environment over the settings file (ENV_FILE or .env).
 */
export function readConfig<Settings extends object>(sections: readonly ConfigSection<Settings>[], given?: NodeJS.ProcessEnv): PlatformConfig & Settings {
  let file: EnvFile | null = null;
  if (!given) {
    try {
      file = readEnvFile(process.env);
    } catch (error) {
      if (error instanceof EnvFileError) throw new ConfigError([error.message]);
      throw error;
    }
  }
  const env = given ?? withEnvFile(process.env, file);
  const parsed = z.object(configShape(sections)).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = env[name];
      return `${name}: ${issue.message}${got === undefined ? '' : ` (got "${redact(name, got)}")`}`;
    });
    throw new ConfigError(problems);
  }
  const platform = platformConfig(parsed.data as PlatformEnv, file);
  // Each section's settings sit beside the platform's; the sections' checks run in their order.
  return Object.assign(platform, ...sections.map((section) => section.read(parsed.data))) as PlatformConfig & Settings;
}

function configShape(sections: readonly ConfigSection<object>[]): z.ZodRawShape {
  const shape: { [name: string]: z.ZodRawShape[string] } = { ...platformShape };
  for (const section of sections) {
    for (const [name, type] of Object.entries(section.shape)) {
      // One variable read two ways would make its meaning depend on which section looked last.
      if (name in shape) throw new Error(`The configuration variable ${name} is declared twice`);
      shape[name] = type;
    }
  }
  return shape;
}

type PlatformEnv = z.infer<z.ZodObject<typeof platformShape>>;

function platformConfig(e: PlatformEnv, file: EnvFile | null): PlatformConfig {
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    // Otherwise every mailed link (often sent by a worker on another machine) would point at localhost.
    throw new ConfigError([
      'PUBLIC_URL: expected the address users reach, since NODE_ENV is production (links in e-mails are built from it), e.g. https://portal.example.com',
    ]);
  }
  if (e.DATABASE_URL && !e.ENCRYPTION_KEY) {
    // Every API process and worker must share one key; a key made up here would be this process's alone.
    throw new ConfigError([
      'ENCRYPTION_KEY: required with DATABASE_URL (the scaled deployment): the key that encrypts stored credentials, the same in every process. ' +
        'Make one with: openssl rand -base64 32 (keep it safe: the stored credentials cannot be read without it)',
    ]);
  }
  return {
    envFile: file?.path ?? null,
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlSet: Boolean(e.PUBLIC_URL),
    trustProxy: e.TRUST_PROXY,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    eventStoreUrl: e.EVENTSTORE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    runWorkers: e.RUN_WORKERS,
    jobConcurrency: e.JOB_CONCURRENCY,
    logLevel: e.LOG_LEVEL,
    orgTimeZone: e.ORG_TIME_ZONE,
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      secureCookie: e.NODE_ENV === 'production' || (e.PUBLIC_URL ?? '').startsWith('https:'),
    },
    encryption: { key: e.ENCRYPTION_KEY ? parseKey(e.ENCRYPTION_KEY)! : undefined, oldKeys: e.ENCRYPTION_KEYS_OLD.map((key) => parseKey(key)!) },
    outbound: { allow: parseOutboundAllow(e.OUTBOUND_ALLOW)!, timeoutMs: e.OUTBOUND_TIMEOUT_SECONDS * 1000 },
  };
}

/** URLs may carry passwords; never echo them back in full. */
function redact(name: string, value: string): string {
  if (name.includes('PASSWORD') || name.includes('SECRET') || name.endsWith('_KEY') || name.includes('_KEYS')) return '***';
  if (!name.endsWith('_URL')) return value;
  return value.replace(/\/\/([^@/]*)@/, '//***@');
}
