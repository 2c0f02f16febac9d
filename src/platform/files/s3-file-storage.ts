import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';

import { assertStorageKey, type FileStorage } from './file-storage.port.js';

type S3Sdk = typeof import('@aws-sdk/client-s3');

export type S3Settings = {
  /** The object store's address (MinIO's, say); AWS's own when absent. */
  readonly endpoint?: string;
  readonly region: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: what MinIO and s3rver answer. */
  readonly forcePathStyle: boolean;
};

/** Files in an S3-compatible object store, so API processes on several machines share them (the scaled deployment). */
export class S3FileStorage implements FileStorage {
  private opened: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;

  constructor(private readonly settings: S3Settings) {}

  /** The AWS client is loaded by the first file read or written, not by every start. */
  private open(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    const { endpoint, region, forcePathStyle, accessKeyId, secretAccessKey } = this.settings;
    this.opened ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({ endpoint, region, forcePathStyle, credentials: { accessKeyId, secretAccessKey } }),
    }));
    return this.opened;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.open();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: assertStorageKey(key), Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<Readable | null> {
    const { sdk, client } = await this.open();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: assertStorageKey(key) }));
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (error instanceof sdk.S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.open();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: assertStorageKey(key) }));
  }

  /** Closes the client's connections (Nest calls it when the app stops). */
  async onApplicationShutdown(): Promise<void> {
    if (this.opened) (await this.opened).client.destroy();
  }
}
