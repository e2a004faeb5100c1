/**
 * A real S3-compatible server for tests: s3rver (the S3 REST API over a temp directory) on a free
 * loopback port, one bucket, path-style addressing and its fixed test credentials. The app talks
 * to it through the same AWS SDK calls it makes against AWS, Yandex, Selectel or MinIO.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Env of the app's S3 driver pointed at this server. */
  env: Record<string, string>;
  /** Names of object-created events (`ObjectCreated:Put`, `ObjectCreated:Post` = multipart complete). */
  events: { eventName: string; key: string }[];
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'atelier-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'atelier-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const events: TestS3['events'] = [];
  server.on('event', (event) => {
    for (const record of event.Records) {
      events.push({ eventName: record.eventName, key: decodeURIComponent(record.s3.object.key) });
    }
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    events,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
