import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';

import type { EventStore } from '../../platform/event-store/event-store.port.js';
import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import { keepScheduled } from '../../platform/jobs/keep-scheduled.js';
import type { OutboundHttp } from '../../platform/outbound/outbound-http.js';
import { CONFIG, EVENT_STORE, JOB_QUEUE, OUTBOUND_HTTP, SQL_POOL } from '../../platform/tokens.js';
import type { BonusesConfig } from './bonuses.config.js';
import { AddBonusAdjustmentController } from './commands/add-bonus-adjustment/add-bonus-adjustment.admin.http.controller.js';
import { AddBonusAdjustmentHandler } from './commands/add-bonus-adjustment/add-bonus-adjustment.handler.js';
import { ApproveBonusRunController } from './commands/approve-bonus-run/approve-bonus-run.admin.http.controller.js';
import { ApproveBonusRunHandler } from './commands/approve-bonus-run/approve-bonus-run.handler.js';
import { OpenBonusRunController } from './commands/open-bonus-run/open-bonus-run.admin.http.controller.js';
import { OpenBonusRunHandler } from './commands/open-bonus-run/open-bonus-run.handler.js';
import { RecordBonusRunPaidHandler } from './commands/record-bonus-run-paid/record-bonus-run-paid.handler.js';
import { RecordWeekFiguresFailureHandler } from './commands/record-week-figures-failure/record-week-figures-failure.handler.js';
import { RecordWeekFiguresHandler } from './commands/record-week-figures/record-week-figures.handler.js';
import { RefreshBonusRunInputsController } from './commands/refresh-bonus-run-inputs/refresh-bonus-run-inputs.admin.http.controller.js';
import { RefreshBonusRunInputsHandler } from './commands/refresh-bonus-run-inputs/refresh-bonus-run-inputs.handler.js';
import { SetAgentBonusSettingsController } from './commands/set-agent-bonus-settings/set-agent-bonus-settings.admin.http.controller.js';
import { SetAgentBonusSettingsHandler } from './commands/set-agent-bonus-settings/set-agent-bonus-settings.handler.js';
import { SubmitBonusRunController } from './commands/submit-bonus-run/submit-bonus-run.admin.http.controller.js';
import { SubmitBonusRunHandler } from './commands/submit-bonus-run/submit-bonus-run.handler.js';
import { bonusPayoutTriggers, registerBonusPayout } from './jobs/bonus-payout.job.js';
import { POLL_WEEK_FIGURES, registerWeekFiguresPolling, weekFiguresPollingTriggers } from './jobs/week-figures-polling.job.js';
import { keepOpeningWeeklyRuns, registerWeeklyBonusRun } from './jobs/weekly-bonus-run.job.js';
import { BonusRunsController } from './queries/bonus-runs/bonus-runs.admin.http.controller.js';
import { BonusStatementsController } from './queries/bonus-statements/bonus-statements.http.controller.js';
import { CalculateBonusesController } from './queries/calculate-bonuses/calculate-bonuses.http.controller.js';
import { GetInvestmentTrackerController } from './queries/get-investment-tracker/get-investment-tracker.http.controller.js';
import { GetWeekPerformanceController } from './queries/get-week-performance/get-week-performance.http.controller.js';
import { ListBonusAgentsController } from './queries/list-bonus-agents/list-bonus-agents.admin.http.controller.js';
import { MarketplaceClient } from './services/marketplace-client.js';

/** The events of this module that start jobs; AppModule hands them to the dispatcher. */
export const bonusesJobTriggers = [...bonusPayoutTriggers, ...weekFiguresPollingTriggers];

@Injectable()
class BonusesJobs implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly commands: CommandBus,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(OUTBOUND_HTTP) private readonly http: OutboundHttp,
    @Inject(CONFIG) private readonly config: BonusesConfig,
  ) {}

  onModuleInit(): void {
    const service = this.config.marketplaceService;
    registerWeekFiguresPolling(this.jobs, this.pool, service ? new MarketplaceClient(this.http, service) : null, this.commands);
    registerWeeklyBonusRun(this.jobs, this.commands);
    registerBonusPayout(this.jobs, this.store, this.commands);
  }

  /** In the processes that run workers: the marketplace poll (when the service is set up) and the weekly run. */
  onApplicationBootstrap(): void {
    if (!this.config.runWorkers) return;
    if (this.config.marketplaceService) this.stops.push(keepScheduled(this.jobs, POLL_WEEK_FIGURES, { everyMs: this.config.marketplacePollMs }));
    this.stops.push(keepOpeningWeeklyRuns(this.jobs, this.config.bonusRunSchedule));
  }

  onApplicationShutdown(): void {
    for (const stop of this.stops) stop();
  }
}

/** Weekly bonuses: agents' bonus settings, their week figures from the marketplace service, the weekly runs and statements. */
@Module({
  controllers: [
    SetAgentBonusSettingsController,
    ListBonusAgentsController,
    GetWeekPerformanceController,
    GetInvestmentTrackerController,
    OpenBonusRunController,
    RefreshBonusRunInputsController,
    AddBonusAdjustmentController,
    SubmitBonusRunController,
    ApproveBonusRunController,
    BonusRunsController,
    BonusStatementsController,
    CalculateBonusesController,
  ],
  providers: [
    SetAgentBonusSettingsHandler,
    RecordWeekFiguresHandler,
    RecordWeekFiguresFailureHandler,
    OpenBonusRunHandler,
    RefreshBonusRunInputsHandler,
    AddBonusAdjustmentHandler,
    SubmitBonusRunHandler,
    ApproveBonusRunHandler,
    RecordBonusRunPaidHandler,
    BonusesJobs,
  ],
})
export class BonusesModule {}
