import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import type { PlatformConfig } from '../../platform/config/config.js';
import { requestContext } from '../../platform/event-store/new-event.js';
import type { DatabaseHandle } from '../../platform/persistence/database.js';
import { CONFIG, DATABASE } from '../../platform/tokens.js';
import { CreateAccessCode } from './commands/create-access-code/create-access-code.command.js';

/** On the embedded default: one access code to try the unlock with, kept in DATA_DIR/demo-access-code. */
@Injectable()
export class DemoAccessCode implements OnApplicationBootstrap {
  private code: string | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: PlatformConfig,
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    private readonly commands: CommandBus,
  ) {}

  get summary(): string | null {
    return this.code ? `Demo access code (8 hours of elevated access): ${this.code}` : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.database.embedded) return;
    const file = path.join(this.config.dataDir, 'demo-access-code');
    this.code = await fs.readFile(file, 'utf8').then(
      (text) => text.trim(),
      () => null,
    );
    if (this.code) return;
    const created = await this.commands.execute(
      new CreateAccessCode(
        { label: 'Demo code', grantsHours: 8, expiresAt: null, maxUses: null },
        requestContext({ type: 'system', id: 'demo-seed' }, 'demo-seed'),
      ),
    );
    await fs.writeFile(file, created.code, { mode: 0o600 });
    this.code = created.code;
  }
}
