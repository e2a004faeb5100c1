/**
 * S3-compatible storage driver (AWS S3, Yandex Object Storage, Selectel, MinIO, ...), selected when
 * S3_BUCKET is set.
 *
 * Layout: `public/<key>` and `private/<key>` in one bucket, as the disk driver's two subtrees. No
 * object is ever written with an ACL: the bucket stays private, and the only way to let browsers
 * fetch public images straight from the bucket or a CDN is a bucket policy on the `public/` prefix
 * (S3_PUBLIC_URL), which by construction cannot expose `private/`. Private files (lesson videos,
 * books, methodology sheets) are always streamed through the server, which checks access and
 * serves byte ranges from ranged GETs.
 *
 * Writes: a Buffer is one PUT; a stream goes through a multipart upload (8 MB parts, two in
 * flight), so a multi-GB video is never held in memory. Either way the object appears whole or
 * not at all; a failed multipart upload is aborted, leaving no parts behind.
 */
import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { InvalidInput, NotFound } from '../errors';
import { assertValidKey, contentTypeForKey } from './local-storage';
import { type ByteRange, keyUnder, type Storage, type StoredObject, type Visibility } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** An S3 client configured for the provider (endpoint, region, credentials, path style). */
  client: S3Client;
  /** Base URL serving the `public/` prefix (CDN / public bucket); undefined = through /uploads/. */
  publicUrl?: string | undefined;
  /** Multipart part size in bytes (S3's minimum is 5 MB). */
  partSizeBytes?: number;
}

export interface S3ClientSettings {
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export function createS3Client(settings: S3ClientSettings): S3Client {
  const config: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Providers other than AWS do not all accept the newer default CRC checksums on every request.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (settings.endpoint) config.endpoint = settings.endpoint;
  // undefined = the AWS default chain (environment, shared config, instance or task role).
  if (settings.credentials) config.credentials = settings.credentials;
  return new S3Client(config);
}

const PART_SIZE = 8 * 1024 * 1024;
const PREFIX: Record<Visibility, string> = { public: 'public/', private: 'private/' };

function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || status(error) === 404;
}

function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket, client } = options;
  const partSize = Math.max(options.partSizeBytes ?? PART_SIZE, 5 * 1024 * 1024);
  const publicBase = options.publicUrl?.replace(/\/+$/, '');

  function objectKey(visibility: Visibility, key: string): string {
    assertValidKey(key);
    const prefix = PREFIX[visibility];
    if (!prefix) throw new InvalidInput('invalidFileKey');
    return prefix + key;
  }

  return {
    async put(visibility, key, data, contentType) {
      const Key = objectKey(visibility, key);
      const common = {
        Bucket: bucket,
        Key,
        ContentType: contentType,
        // Public images have unique keys per upload; a CDN may keep them for good.
        CacheControl: visibility === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
      };
      if (Buffer.isBuffer(data)) {
        await client.send(new PutObjectCommand({ ...common, Body: data, ContentLength: data.length }));
        return { key, size: data.length, contentType };
      }
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer | string, _encoding, done) {
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          size += bytes.length;
          done(null, bytes);
        },
      });
      // A failing source must fail the upload (pipe() alone would leave the counter open forever).
      data.once('error', (error) => counter.destroy(error));
      data.pipe(counter);
      const upload = new Upload({
        client,
        params: { ...common, Body: counter },
        partSize,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        data.destroy();
        counter.destroy();
        throw error;
      }
      return { key, size, contentType };
    },

    async stat(visibility, key) {
      const Key = objectKey(visibility, key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        const object: StoredObject = {
          key,
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? contentTypeForKey(key),
        };
        if (head.LastModified) object.lastModified = head.LastModified;
        return object;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(visibility, key, range?: ByteRange) {
      const Key = objectKey(visibility, key);
      let Range: string | undefined;
      if (range) {
        const { start, end } = range;
        const valid = Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && end >= start;
        // S3 ignores a malformed range and sends everything; refuse it here as the disk driver does.
        if (!valid) throw new InvalidInput('invalidByteRange', { start, end });
        Range = `bytes=${start}-${end}`;
      }
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key, Range }));
        const body = object.Body;
        if (!(body instanceof Readable)) throw new Error('S3 GetObject returned no stream');
        return body;
      } catch (error) {
        if (isMissing(error)) throw new NotFound('fileNotFound');
        // 416: the range starts past the last byte (an end past it is clamped by S3, as by HTTP).
        if (range && (status(error) === 416 || (error as { name?: string }).name === 'InvalidRange')) {
          throw new InvalidInput('invalidByteRange', { start: range.start, end: range.end });
        }
        throw error;
      }
    },

    async delete(visibility, key) {
      // DeleteObject succeeds for a missing key, so a retried cleanup never fails.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(visibility, key) }));
    },

    async *list(visibility) {
      const prefix = PREFIX[visibility];
      if (!prefix) throw new InvalidInput('invalidFileKey');
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const key = object.Key.slice(prefix.length);
          yield { key, size: object.Size ?? 0, contentType: contentTypeForKey(key) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    publicUrl(key) {
      assertValidKey(key);
      return publicBase ? `${publicBase}/${encodeKey(key)}` : `/uploads/${encodeKey(key)}`;
    },

    keyFromPublicUrl(url) {
      return (publicBase ? keyUnder(publicBase, url) : null) ?? keyUnder('/uploads', url);
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
