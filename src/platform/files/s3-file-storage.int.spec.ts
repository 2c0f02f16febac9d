import { afterAll, beforeAll, describe } from 'vitest';

import { S3_STANDIN_CREDENTIALS, startS3Standin } from '../../../test/support/s3-standin.js';
import { fileStorageContract } from './file-storage.contract.js';
import { S3FileStorage } from './s3-file-storage.js';

describe('files in an S3-compatible object store (s3rver)', () => {
  let standin: Awaited<ReturnType<typeof startS3Standin>>;
  let storage: S3FileStorage;
  beforeAll(async () => {
    standin = await startS3Standin('portal-files');
    storage = new S3FileStorage({ endpoint: standin.endpoint, region: 'us-east-1', bucket: 'portal-files', forcePathStyle: true, ...S3_STANDIN_CREDENTIALS });
  });
  afterAll(async () => {
    storage?.onApplicationShutdown();
    await standin?.stop();
  });
  fileStorageContract(() => storage);
});
