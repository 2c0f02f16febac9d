import { Module } from '@nestjs/common';

import { FinanceWalletsController } from './queries/finance-wallets/finance-wallets.http.controller.js';
import { GetStatementController } from './queries/get-statement/get-statement.http.controller.js';
import { GetTransferHistoryController } from './queries/get-transfer-history/get-transfer-history.http.controller.js';
import { GetWalletLedgerController } from './queries/get-wallet-ledger/get-wallet-ledger.http.controller.js';
import { GetWalletController } from './queries/get-wallet/get-wallet.http.controller.js';

/** The wallet's read side: the agent's figures, history (explained, hash-checked), transfers and statement; the finance views. */
@Module({
  controllers: [GetWalletController, GetWalletLedgerController, GetTransferHistoryController, GetStatementController, FinanceWalletsController],
})
export class WalletQueriesModule {}
