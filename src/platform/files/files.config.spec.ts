import { describe, expect, it } from 'vitest';

import { ConfigError, readConfig } from '../config/config.js';
import { filesConfig, type FileStorageSettings } from './files.config.js';

const load = (env: NodeJS.ProcessEnv) => readConfig([filesConfig], env) as unknown as FileStorageSettings;

describe('the file storage settings', () => {
  it('keep files on the disk when no bucket is set', () => {
    expect(load({}).fileStorage).toEqual({ s3: null });
  });

  it('use the object store named by FILES_S3_BUCKET, with its address and credentials', () => {
    expect(
      load({
        FILES_S3_BUCKET: 'portal-files',
        FILES_S3_ENDPOINT: 'http://minio:9000',
        FILES_S3_ACCESS_KEY_ID: 'portal',
        FILES_S3_SECRET_ACCESS_KEY: 'portal-secret',
      }).fileStorage.s3,
    ).toEqual({
      bucket: 'portal-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'portal',
      secretAccessKey: 'portal-secret',
      forcePathStyle: true,
    });
  });

  it('refuse a half-configured object store, naming what is missing', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        load(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ FILES_S3_BUCKET: 'portal-files' })).toEqual([
      'FILES_S3_ACCESS_KEY_ID: expected the access key id, since FILES_S3_BUCKET is set',
      'FILES_S3_SECRET_ACCESS_KEY: expected the secret access key, since FILES_S3_BUCKET is set',
    ]);
    expect(problems({ FILES_S3_ENDPOINT: 'http://minio:9000' })).toEqual(['FILES_S3_BUCKET: expected the bucket name, since other FILES_S3_ settings are set']);
    expect(problems({ FILES_S3_ENDPOINT: 'ftp://minio' })[0]).toMatch(/^FILES_S3_ENDPOINT: expected a URL starting with http:\/\/ or https:\/\//);
  });
});
