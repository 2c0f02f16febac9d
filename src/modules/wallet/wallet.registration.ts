import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { walletConfig } from './wallet.config.js';
import { WALLET_TABLES } from './wallet.tables.js';

/** Each agent's wallet, its ledger and the reconciliation: what the platform needs of this module before Nest starts. */
export const walletRegistration: ModuleRegistration = {
  name: 'wallet',
  tables: WALLET_TABLES,
  config: walletConfig,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    lazyMigration('Migration0015WalletReadModels', () => import('./migrations/migration-0015-wallet-read-models.js')),
    lazyMigration('Migration0020Reconciliation', () => import('./migrations/migration-0020-reconciliation.js')),
  ],
};
