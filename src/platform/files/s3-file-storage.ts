import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';

import { assertStorageKey, type FileStorage } from './file-storage.port.js';

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
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: assertStorageKey(key), Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: assertStorageKey(key) }));
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: assertStorageKey(key) }));
  }

  /** Closes the client's connections (Nest calls it when the app stops). */
  onApplicationShutdown(): void {
    this.client.destroy();
  }
}
