import { booleanFlag, optionalText, optionalUrl } from '../config/config-schema.js';
import { configSection } from '../config/config-section.js';
import { ConfigError } from '../config/config.js';
import type { S3Settings } from './s3-file-storage.js';

export type FileStorageSettings = {
  /** Where uploaded files go: an S3-compatible object store when FILES_S3_BUCKET is set, else the disk under DATA_DIR. */
  readonly fileStorage: { readonly s3: S3Settings | null };
};

/**
 * The platform's file storage: the disk under DATA_DIR by default; several API processes on
 * different machines share an S3-compatible object store (MinIO in docker-compose.yml). A
 * section of its own, read in the same one parse as every other variable.
 */
export const filesConfig = configSection(
  {
    FILES_S3_BUCKET: optionalText(),
    FILES_S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'http://minio:9000'),
    FILES_S3_REGION: optionalText(),
    FILES_S3_ACCESS_KEY_ID: optionalText(),
    FILES_S3_SECRET_ACCESS_KEY: optionalText(),
    FILES_S3_FORCE_PATH_STYLE: booleanFlag(true),
  },
  (e): FileStorageSettings => {
    const given = [e.FILES_S3_ENDPOINT, e.FILES_S3_REGION, e.FILES_S3_ACCESS_KEY_ID, e.FILES_S3_SECRET_ACCESS_KEY].some((value) => value !== undefined);
    if (!e.FILES_S3_BUCKET) {
      if (given) throw new ConfigError(['FILES_S3_BUCKET: expected the bucket name, since other FILES_S3_ settings are set']);
      return { fileStorage: { s3: null } };
    }
    const problems = [
      ...(e.FILES_S3_ACCESS_KEY_ID ? [] : ['FILES_S3_ACCESS_KEY_ID: expected the access key id, since FILES_S3_BUCKET is set']),
      ...(e.FILES_S3_SECRET_ACCESS_KEY ? [] : ['FILES_S3_SECRET_ACCESS_KEY: expected the secret access key, since FILES_S3_BUCKET is set']),
    ];
    if (problems.length > 0) throw new ConfigError(problems);
    return {
      fileStorage: {
        s3: {
          bucket: e.FILES_S3_BUCKET,
          endpoint: e.FILES_S3_ENDPOINT,
          region: e.FILES_S3_REGION ?? 'us-east-1',
          accessKeyId: e.FILES_S3_ACCESS_KEY_ID!,
          secretAccessKey: e.FILES_S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.FILES_S3_FORCE_PATH_STYLE,
        },
      },
    };
  },
);
