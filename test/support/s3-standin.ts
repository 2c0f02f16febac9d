import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// s3rver ships no types: test/support/s3rver.d.ts declares what is used.
import S3rver from 's3rver';

/** s3rver's built-in credentials. */
export const S3_STANDIN_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** A local S3-compatible object store (s3rver) on a free port, with `bucket` made, files in a scratch folder. */
export async function startS3Standin(bucket: string): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
