import path from 'node:path';
import { z } from 'zod';

import { OUTBOUND_ALLOW_HELP, parseOutboundAllow, type OutboundAllowList } from '../outbound/outbound-allow.js';
import { KEY_FORMAT_HELP, parseKey } from '../secrets/key-material.js';
import { EnvFileError, readEnvFile, withEnvFile, type EnvFile } from './env-file.js';

const optionalUrl = (protocols: readonly string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => value === undefined || isUrlWithProtocol(value, protocols),
      `expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}, e.g. ${example}`,
    );

function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined));

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

const envSchema = z.object({
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
  STAFF_EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine((value) => !value || /^[a-z0-9.-]+\.[a-z]{2,}$/.test(value), 'expected a domain name, e.g. example.com'),
  ALLOWED_EMAIL_DOMAINS: z
    .string()
    .optional()
    .transform((value) => commaList(value))
    .refine((list) => list.every((d) => /^[a-z0-9.-]+\.[a-z]{2,}$/.test(d)), 'expected domain names separated by commas, e.g. agency.com,partner.org'),
  APPROVED_EMAILS: z
    .string()
    .optional()
    .transform((value) => commaList(value))
    .refine((list) => list.every((e) => /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/.test(e)), 'expected e-mail addresses separated by commas'),
  MICROSOFT_CLIENT_ID: optionalText(),
  MICROSOFT_CLIENT_SECRET: optionalText(),
  MICROSOFT_TENANT_ID: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^[A-Za-z0-9.-]+$/.test(value), 'expected a tenant id (a GUID) or a tenant domain, e.g. contoso.onmicrosoft.com'),
  MICROSOFT_ISSUER: optionalUrl(['https:', 'http:'], 'https://login.microsoftonline.com/<tenant id>/v2.0'),
  MICROSOFT_DOMAIN_HINT: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine((value) => !value || /^[a-z0-9.-]+\.[a-z]{2,}$/.test(value), 'expected a domain name, e.g. example.com'),
  GOOGLE_CLIENT_ID: optionalText(),
  GOOGLE_CLIENT_SECRET: optionalText(),
  GOOGLE_ISSUER: optionalUrl(['https:', 'http:'], 'https://accounts.google.com'),
  TRAINING_VIDEO_URL: optionalUrl(['https:', 'http:'], 'https://training.example.com'),
  DATA_LEADS_URL: optionalUrl(['https:', 'http:'], 'https://data-leads.example.com'),
  AGED_LEADS_URL: optionalUrl(['https:', 'http:'], 'https://aged-leads.example.com'),
  SAT_LEADER_EXCLUDED_EMAIL: z.string().trim().toLowerCase().optional(),
  DEMO_PASSWORD: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || value.length >= 8, 'expected at least 8 characters'),
  STRIPE_SECRET_KEY: optionalText(),
  STRIPE_PUBLISHABLE_KEY: optionalText(),
  STRIPE_WEBHOOK_SECRET: optionalText(),
  STRIPE_API_BASE: optionalUrl(['https:', 'http:'], 'https://api.stripe.com'),
  RINGY_API_BASE: optionalUrl(['https:', 'http:'], 'https://app.ringy.com/api/public'),
  TEXTDRIP_CONNECT_URL: optionalUrl(['https:', 'http:'], 'https://app.textdrip.com/tauth'),
  TEXTDRIP_API_BASE: optionalUrl(['https:', 'http:'], 'https://api.textdrip.com/api'),
  TRANSFER_DAILY_LIMIT_DOLLARS: z.coerce
    .number({ message: 'expected whole dollars from 1 to 1000000' })
    .int('expected whole dollars from 1 to 1000000')
    .min(1, 'expected whole dollars from 1 to 1000000')
    .max(1_000_000, 'expected whole dollars from 1 to 1000000')
    .default(2_000),
  PAYMENT_SWEEP_SECONDS: z.coerce
    .number({ message: 'expected whole seconds from 1 to 86400' })
    .int('expected whole seconds from 1 to 86400')
    .min(1, 'expected whole seconds from 1 to 86400')
    .max(86_400, 'expected whole seconds from 1 to 86400')
    .default(300),
  LEAD_INTAKE_REQUESTS_PER_MINUTE: z.coerce
    .number({ message: 'expected a whole number from 1 to 100000' })
    .int('expected a whole number from 1 to 100000')
    .min(1, 'expected a whole number from 1 to 100000')
    .max(100_000, 'expected a whole number from 1 to 100000')
    .default(120),
  LEAD_AGED_AFTER_DAYS: z.coerce
    .number({ message: 'expected whole days from 0 to 365' })
    .int('expected whole days from 0 to 365')
    .min(0, 'expected whole days from 0 to 365')
    .max(365, 'expected whole days from 0 to 365')
    .default(30),
  AGED_ORDER_SWEEP_SECONDS: z.coerce
    .number({ message: 'expected whole seconds from 1 to 86400' })
    .int('expected whole seconds from 1 to 86400')
    .min(1, 'expected whole seconds from 1 to 86400')
    .max(86_400, 'expected whole seconds from 1 to 86400')
    .default(300),
  LEAD_RETURN_DAYS: z.coerce
    .number({ message: 'expected whole days from 1 to 90' })
    .int('expected whole days from 1 to 90')
    .min(1, 'expected whole days from 1 to 90')
    .max(90, 'expected whole days from 1 to 90')
    .default(7),
  LEAD_DUPLICATE_DAYS: z.coerce
    .number({ message: 'expected whole days from 1 to 365' })
    .int('expected whole days from 1 to 365')
    .min(1, 'expected whole days from 1 to 365')
    .max(365, 'expected whole days from 1 to 365')
    .default(30),
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
  DELIVERY_RETRY_SECONDS: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? [...DELIVERY_RETRY_DEFAULT_SECONDS] : keyList(value).map(Number)))
    .refine(
      (list) => list.length >= 1 && list.length <= 20 && list.every((s) => Number.isFinite(s) && s >= 0 && s <= 86_400),
      'expected 1 to 20 delays in seconds (0-86400) separated by commas, e.g. 0,5,300,1800,7200,18000,36000,36000',
    ),
  DELIVERY_DISABLE_AFTER_SECONDS: z.coerce
    .number({ message: 'expected whole seconds from 1 to 2592000' })
    .int('expected whole seconds from 1 to 2592000')
    .min(1, 'expected whole seconds from 1 to 2592000')
    .max(2_592_000, 'expected whole seconds from 1 to 2592000')
    .default(86_400),
  DELIVERY_SIGNING_SECRET_GRACE_SECONDS: z.coerce
    .number({ message: 'expected whole seconds from 0 to 2592000' })
    .int('expected whole seconds from 0 to 2592000')
    .min(0, 'expected whole seconds from 0 to 2592000')
    .max(2_592_000, 'expected whole seconds from 0 to 2592000')
    .default(86_400),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

/** Every environment variable the portal reads. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** Comma-separated, case kept (keys are base64). */
const keyList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
/** Svix's schedule: an attempt at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. */
export const DELIVERY_RETRY_DEFAULT_SECONDS = [0, 5, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const;
/** Placeholders until the real lead sites are configured (README: DATA_LEADS_URL, AGED_LEADS_URL). */
export const DEFAULT_DATA_LEADS_URL = 'https://data-leads.example.com/';
export const DEFAULT_AGED_LEADS_URL = 'https://aged-leads.example.com/';
/** Ringy's real lead API (README: Pointing the providers at real accounts); tests point RINGY_API_BASE at a stand-in. */
export const RINGY_DEFAULT_API_BASE = 'https://app.ringy.com/api/public';
/** Textdrip's own addresses: the page that signs an agent in and hands a connecting app its API token, and the REST API. */
export const DEFAULT_TEXTDRIP_CONNECT_URL = 'https://app.textdrip.com/tauth';
export const DEFAULT_TEXTDRIP_API_BASE = 'https://api.textdrip.com/api';

const commaList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

export type AppConfig = {
  /** The settings file read at start (ENV_FILE or .env), or null. */
  readonly envFile: string | null;
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
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
  readonly session: { readonly idleMinutes: number; readonly absoluteHours: number; readonly secureCookie: boolean };
  readonly demoPassword: string | undefined;
  /** E-mail addresses in this domain belong to company staff (full access). */
  readonly staffEmailDomain: string | undefined;
  /** Who may sign up: company domains and single approved addresses; both empty means anyone. */
  readonly signUp: { readonly allowedDomains: readonly string[]; readonly approvedEmails: readonly string[] };
  /** One person never offered in the SAT leader list. */
  readonly satLeaderExcludedEmail: string | undefined;
  /** The external training-video site that the Agent Training tile opens. */
  readonly trainingVideoUrl: string;
  /** The external lead sites the Lead Management page's Data Leads and Aged Leads cards open. */
  readonly leadSites: { readonly dataLeadsUrl: string; readonly agedLeadsUrl: string };
  /** Sign-in through OpenID Connect providers; a provider absent here has no button. */
  readonly oidc: { readonly microsoft?: OidcProviderConfig; readonly google?: OidcProviderConfig };
  /** Card payments through Stripe; null on the embedded default, where the demo card provider takes its place. */
  readonly stripe: StripeConfig | null;
  readonly wallet: { /** What one sender may transfer per UTC day, in cents. */ readonly transferDailyLimitCents: number };
  /** Where the providers' APIs are (RINGY_API_BASE, TEXTDRIP_API_BASE): the real ones, or local stand-ins in tests. */
  readonly providers: { readonly ringyApiBase: string };
  /** How often the card provider is asked for succeeded payments whose webhook never came. */
  readonly paymentSweepMs: number;
  /**
   * The keys of the secrets stored at rest (AES-256-GCM): `key` encrypts, `oldKeys` only
   * decrypt (until `npm run secrets:rotate`). No key on the embedded default: a key file in DATA_DIR.
   */
  readonly encryption: { readonly key: Buffer | undefined; readonly oldKeys: readonly Buffer[] };
  /** Calls to addresses users configure (integrations): what the fence lets through, and how long a call may take. */
  readonly outbound: { readonly allow: OutboundAllowList; readonly timeoutMs: number };
  /** Textdrip: the page its connect window opens (the agent signs in there and allows the portal), and its API. */
  readonly textdrip: { readonly connectUrl: string; readonly apiBase: string };
  /** Lead delivery to integrations: the delay before each attempt, how long an integration may keep failing before it is turned off, and a rotated signing secret's grace period. */
  readonly delivery: {
    readonly retryDelaysMs: readonly number[];
    readonly disableAfterMs: number;
    /** After a webhook signing secret is rotated, how long the one it replaced keeps signing beside it. */
    readonly signingSecretGraceMs: number;
  };
  readonly leads: {
    /** Intake requests one vendor may make per minute. */
    readonly intakeRequestsPerMinute: number;
    /** A lead with the same phone or e-mail as one received within this many days is a duplicate. */
    readonly duplicateDays: number;
    /** Data leads no campaign bought join the aged inventory after this many days. */
    readonly agedAfterDays: number;
    /** An agent may return a lead this many days after buying it. */
    readonly returnDays: number;
    /** How often aged-lead orders cut off between claiming their leads and the charge are finished or released. */
    readonly agedOrderSweepMs: number;
  };
};

export type StripeConfig = {
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  /** Stripe's API address; a local stand-in in tests. */
  readonly apiBase: string;
};

export type OidcProviderConfig = {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Microsoft only: the organisation's domain, sent as domain_hint. */
  readonly domainHint?: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment; throws a ConfigError naming every bad variable.
 * Without an argument: the process environment over the settings file (ENV_FILE or .env).
 */
export function loadConfig(given?: NodeJS.ProcessEnv): AppConfig {
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
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = env[name];
      return `${name}: ${issue.message}${got === undefined ? '' : ` (got "${redact(name, got)}")`}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
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
  const oidc = oidcProviders(e);
  if (oidc.problems.length > 0) throw new ConfigError(oidc.problems);
  const stripe = stripeConfig(e);
  if (stripe.problems.length > 0) throw new ConfigError(stripe.problems);
  return {
    envFile: file?.path ?? null,
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
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
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      secureCookie: e.NODE_ENV === 'production' || (e.PUBLIC_URL ?? '').startsWith('https:'),
    },
    demoPassword: e.DEMO_PASSWORD ? e.DEMO_PASSWORD : undefined,
    staffEmailDomain: e.STAFF_EMAIL_DOMAIN ? e.STAFF_EMAIL_DOMAIN : undefined,
    signUp: { allowedDomains: e.ALLOWED_EMAIL_DOMAINS, approvedEmails: e.APPROVED_EMAILS },
    satLeaderExcludedEmail: e.SAT_LEADER_EXCLUDED_EMAIL ? e.SAT_LEADER_EXCLUDED_EMAIL : undefined,
    trainingVideoUrl: e.TRAINING_VIDEO_URL ?? 'https://www.youtube.com/results?search_query=health+insurance+agent+training',
    leadSites: { dataLeadsUrl: e.DATA_LEADS_URL ?? DEFAULT_DATA_LEADS_URL, agedLeadsUrl: e.AGED_LEADS_URL ?? DEFAULT_AGED_LEADS_URL },
    oidc: oidc.providers,
    stripe: stripe.config,
    wallet: { transferDailyLimitCents: e.TRANSFER_DAILY_LIMIT_DOLLARS * 100 },
    providers: {
      ringyApiBase: (e.RINGY_API_BASE ?? RINGY_DEFAULT_API_BASE).replace(/\/$/, ''),
    },
    paymentSweepMs: e.PAYMENT_SWEEP_SECONDS * 1000,
    delivery: {
      retryDelaysMs: e.DELIVERY_RETRY_SECONDS.map((seconds) => Math.round(seconds * 1000)),
      disableAfterMs: e.DELIVERY_DISABLE_AFTER_SECONDS * 1000,
      signingSecretGraceMs: e.DELIVERY_SIGNING_SECRET_GRACE_SECONDS * 1000,
    },
    encryption: { key: e.ENCRYPTION_KEY ? parseKey(e.ENCRYPTION_KEY)! : undefined, oldKeys: e.ENCRYPTION_KEYS_OLD.map((key) => parseKey(key)!) },
    outbound: { allow: parseOutboundAllow(e.OUTBOUND_ALLOW)!, timeoutMs: e.OUTBOUND_TIMEOUT_SECONDS * 1000 },
    textdrip: {
      connectUrl: e.TEXTDRIP_CONNECT_URL ?? DEFAULT_TEXTDRIP_CONNECT_URL,
      apiBase: (e.TEXTDRIP_API_BASE ?? DEFAULT_TEXTDRIP_API_BASE).replace(/\/$/, ''),
    },
    leads: {
      intakeRequestsPerMinute: e.LEAD_INTAKE_REQUESTS_PER_MINUTE,
      duplicateDays: e.LEAD_DUPLICATE_DAYS,
      agedAfterDays: e.LEAD_AGED_AFTER_DAYS,
      returnDays: e.LEAD_RETURN_DAYS,
      agedOrderSweepMs: e.AGED_ORDER_SWEEP_SECONDS * 1000,
    },
  };
}

/** Stripe is on when its secret key is set; then the publishable key and webhook secret must be set too. */
function stripeConfig(e: Env): { config: StripeConfig | null; problems: string[] } {
  const given = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (given.every((value) => value === undefined)) return { config: null, problems: [] };
  const problems: string[] = [];
  if (!e.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: expected the secret key (sk_live_… or sk_test_…), since other STRIPE_ settings are set');
  if (!e.STRIPE_PUBLISHABLE_KEY) problems.push('STRIPE_PUBLISHABLE_KEY: expected the publishable key (pk_live_… or pk_test_…), since STRIPE_ settings are set');
  if (!e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: expected the webhook signing secret (whsec_…), since STRIPE_ settings are set');
  if (problems.length > 0) return { config: null, problems };
  return {
    config: {
      secretKey: e.STRIPE_SECRET_KEY!,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      apiBase: (e.STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/$/, ''),
    },
    problems,
  };
}

type Env = z.infer<typeof envSchema>;

/** A provider is on when its client id is set; then everything else it needs must be set too. */
function oidcProviders(e: Env): { providers: AppConfig['oidc']; problems: string[] } {
  const problems: string[] = [];
  const providers: { microsoft?: OidcProviderConfig; google?: OidcProviderConfig } = {};
  const issuerProblem = (name: string, issuer: string) => {
    const url = new URL(issuer);
    // Plain http is for a local test issuer only; tokens never cross a network unencrypted.
    if (url.protocol === 'http:' && !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
      problems.push(`${name}: expected an https:// URL (http:// only for 127.0.0.1 or localhost) (got "${issuer}")`);
    }
  };
  if (e.MICROSOFT_CLIENT_ID || e.MICROSOFT_CLIENT_SECRET) {
    if (!e.MICROSOFT_CLIENT_ID) problems.push('MICROSOFT_CLIENT_ID: expected the application (client) id, since MICROSOFT_CLIENT_SECRET is set');
    if (!e.MICROSOFT_CLIENT_SECRET) problems.push('MICROSOFT_CLIENT_SECRET: expected the client secret, since MICROSOFT_CLIENT_ID is set');
    if (!e.MICROSOFT_ISSUER && !e.MICROSOFT_TENANT_ID)
      problems.push("MICROSOFT_TENANT_ID: expected the organisation's tenant id (or MICROSOFT_ISSUER), since Microsoft sign-in is configured");
    const issuer = e.MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${e.MICROSOFT_TENANT_ID}/v2.0`;
    if (e.MICROSOFT_ISSUER) issuerProblem('MICROSOFT_ISSUER', issuer);
    if (e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET) {
      const domainHint = e.MICROSOFT_DOMAIN_HINT ?? (e.STAFF_EMAIL_DOMAIN || undefined);
      providers.microsoft = { issuer, clientId: e.MICROSOFT_CLIENT_ID, clientSecret: e.MICROSOFT_CLIENT_SECRET, ...(domainHint ? { domainHint } : {}) };
    }
  }
  if (e.GOOGLE_CLIENT_ID || e.GOOGLE_CLIENT_SECRET) {
    if (!e.GOOGLE_CLIENT_ID) problems.push('GOOGLE_CLIENT_ID: expected the OAuth client id, since GOOGLE_CLIENT_SECRET is set');
    if (!e.GOOGLE_CLIENT_SECRET) problems.push('GOOGLE_CLIENT_SECRET: expected the OAuth client secret, since GOOGLE_CLIENT_ID is set');
    const issuer = e.GOOGLE_ISSUER ?? 'https://accounts.google.com';
    if (e.GOOGLE_ISSUER) issuerProblem('GOOGLE_ISSUER', issuer);
    if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) providers.google = { issuer, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET };
  }
  return { providers, problems };
}

/** URLs may carry passwords; never echo them back in full. */
function redact(name: string, value: string): string {
  if (name.includes('PASSWORD') || name.includes('SECRET') || name.endsWith('_KEY') || name.includes('_KEYS')) return '***';
  if (!name.endsWith('_URL')) return value;
  return value.replace(/\/\/([^@/]*)@/, '//***@');
}
