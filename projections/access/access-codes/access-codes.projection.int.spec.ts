import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { accessCodeStream } from '../../../src/modules/access/contracts/access-streams.js';
import type { AccessCodeEvent } from '../../../src/modules/access/domain/access-code.decider.js';
import { newEvent, requestContext } from '../../../src/platform/event-store/new-event.js';
import { useIsolatedStore } from '../../../test/support/isolated-database.js';
import { liveThenRebuilt } from '../../../test/support/projection-check.js';
import { describeOn, oneDatabase } from '../../../test/support/test-databases.js';
import { accessCodesProjection } from './access-codes.projection.js';

const ROWS = `SELECT code_id, code_hash, label, grants_hours, expires_at, max_uses, uses, disabled, created_by, created_at FROM rm_access_codes ORDER BY label`;

for (const database of oneDatabase()) {
  describeOn(database, `access-codes projection on ${database.name}`, () => {
    const db = useIsolatedStore(database);

    it('lists each code with its uses and whether it is disabled, and a rebuild gives the same rows', async () => {
      const admin = randomUUID();
      const ctx = requestContext({ type: 'user', id: admin });
      const created = (label: string, more: Partial<Extract<AccessCodeEvent, { type: 'AccessCodeCreated' }>['data']> = {}) => ({
        codeId: randomUUID(),
        codeHash: `hash-${randomUUID()}`,
        label,
        grantsHours: 4,
        expiresAt: null,
        maxUses: null,
        createdBy: admin,
        ...more,
      });
      const open = created('a open code', { expiresAt: '2031-05-01T12:00:00.000Z', maxUses: 5 });
      const disabled = created('b disabled code', { grantsHours: 24 });
      const append = async (codeId: string, events: AccessCodeEvent[], expectedVersion: 'no_stream' | bigint) =>
        db.store.append(
          accessCodeStream(codeId),
          events.map((e) => newEvent(e.type, e.data, ctx)),
          { expectedVersion },
        );

      await append(open.codeId, [{ type: 'AccessCodeCreated', data: open }], 'no_stream');
      await append(disabled.codeId, [{ type: 'AccessCodeCreated', data: disabled }], 'no_stream');
      await append(
        open.codeId,
        [1, 2, 3].map(() => ({ type: 'AccessCodeRedeemed', data: { codeId: open.codeId, userId: randomUUID() } })),
        1n,
      );
      await append(disabled.codeId, [{ type: 'AccessCodeRedeemed', data: { codeId: disabled.codeId, userId: randomUUID() } }], 1n);
      await append(disabled.codeId, [{ type: 'AccessCodeDisabled', data: { codeId: disabled.codeId, disabledBy: admin } }], 2n);

      const { live, rebuilt } = await liveThenRebuilt(db.store, db.pool, accessCodesProjection, ROWS);
      expect(live).toMatchObject([
        {
          code_id: open.codeId,
          code_hash: open.codeHash,
          label: 'a open code',
          grants_hours: 4,
          expires_at: new Date(open.expiresAt!),
          max_uses: 5,
          uses: 3,
          disabled: false,
          created_by: admin,
        },
        { code_id: disabled.codeId, label: 'b disabled code', grants_hours: 24, expires_at: null, max_uses: null, uses: 1, disabled: true, created_by: admin },
      ]);
      expect((live[0] as { created_at: Date }).created_at).toBeInstanceOf(Date);
      expect(rebuilt).toEqual(live);
    });
  });
}
