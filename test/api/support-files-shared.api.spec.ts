import { randomUUID } from 'node:crypto';
// Uploaded files on the scaled deployment: two API processes, each with its own DATA_DIR (as on
// two machines), share one PostgreSQL and keep files in one S3-compatible object store (s3rver
// here, MinIO in docker-compose.yml), so a receipt uploaded through one is downloaded through the other.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { migrateDatabase } from '../../src/modules.js';
import { createPool, type SqlPool } from '../../src/platform/persistence/sql.js';
import { createScratchDatabase } from '../../src/platform/persistence/test-database.js';
import { describeIf } from '../support/not-run.js';
import { ApiClient } from '../support/portal/api-client.js';
import { seedAccount } from '../support/portal/own-portal.js';
import { startPortal, type PortalProcess } from '../support/portal/portal-process.js';
import { S3_STANDIN_CREDENTIALS, startS3Standin } from '../support/s3-standin.js';

const databaseUrl = process.env.DATABASE_URL;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

describeIf(databaseUrl, 'DATABASE_URL', 'help-request files shared by API processes on several machines', () => {
  const running: PortalProcess[] = [];
  let standin: Awaited<ReturnType<typeof startS3Standin>>;
  let pool: SqlPool;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    standin = await startS3Standin('portal-files');
    const scratch = await createScratchDatabase(databaseUrl!, 'portal_files');
    drop = () => scratch.drop();
    await migrateDatabase(scratch.url);
    pool = createPool(scratch.url, 2);
    const env = {
      DATABASE_URL: scratch.url,
      FILES_S3_BUCKET: 'portal-files',
      FILES_S3_ENDPOINT: standin.endpoint,
      FILES_S3_ACCESS_KEY_ID: S3_STANDIN_CREDENTIALS.accessKeyId,
      FILES_S3_SECRET_ACCESS_KEY: S3_STANDIN_CREDENTIALS.secretAccessKey,
    };
    running.push(...(await Promise.all([startPortal(env), startPortal({ ...env, RUN_WORKERS: 'false' })])));
  });
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    await pool?.end();
    await drop?.();
    await standin?.stop();
  });

  it('downloads through one process the receipt uploaded through the other', async () => {
    const [first, second] = running as [PortalProcess, PortalProcess];
    const agent = await seedAccount(pool, first.url);
    const { ticketId } = (await (
      await agent.client.request(
        'POST',
        '/api/support/tickets',
        {
          systemProgram: 'General',
          priority: 'High',
          concern: 'My leads never arrived, receipt attached.',
        },
        { 'idempotency-key': randomUUID() },
      )
    ).json()) as { ticketId: string };
    const uploaded = await agent.client.request('POST', `/api/support/tickets/${ticketId}/files?name=receipt.pdf`, PDF, {
      'content-type': 'application/octet-stream',
    });
    expect(uploaded.status).toBe(201);
    const { fileId } = (await uploaded.json()) as { fileId: string };

    const elsewhere = new ApiClient(second.url);
    expect((await elsewhere.signIn(agent.email, agent.password)).status).toBe(200);
    const download = await elsewhere.request('GET', `/api/support/tickets/${ticketId}/files/${fileId}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);

    // Deleting the ticket through the second process removes the file from the shared store.
    expect((await elsewhere.request('DELETE', `/api/support/tickets/${ticketId}`)).status).toBe(200);
    const { S3Client, HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const s3 = new S3Client({ endpoint: standin.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_STANDIN_CREDENTIALS });
    await expect(s3.send(new HeadObjectCommand({ Bucket: 'portal-files', Key: `${agent.userId}/${ticketId}/${fileId}` }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
    s3.destroy();
  });
});
