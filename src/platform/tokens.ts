/** Injection tokens for the platform's ports; modules depend on these, never on adapters. */
export const CONFIG = Symbol('CONFIG');
export const DATABASE = Symbol('DATABASE');
export const SQL_POOL = Symbol('SQL_POOL');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
export const SUBSCRIPTION_RUNNER = Symbol('SUBSCRIPTION_RUNNER');
export const PROJECTIONS = Symbol('PROJECTIONS');
export const JOB_TRIGGERS = Symbol('JOB_TRIGGERS');
export const MAILER = Symbol('MAILER');
export const REALTIME_HUB = Symbol('REALTIME_HUB');
export const SESSION_STORE = Symbol('SESSION_STORE');
export const OUTBOX_RELAY = Symbol('OUTBOX_RELAY');
export const RATE_LIMITER = Symbol('RATE_LIMITER');
/** SecretCipher: AES-256-GCM under the configured keyring (src/platform/secrets). */
export const SECRET_CIPHER = Symbol('SECRET_CIPHER');
/** OutboundHttp: the fenced client for addresses users configure (src/platform/outbound). */
export const OUTBOUND_HTTP = Symbol('OUTBOUND_HTTP');
/** FileStorage: uploaded files, on disk under DATA_DIR or in an object store (src/platform/files). */
export const FILE_STORAGE = Symbol('FILE_STORAGE');
