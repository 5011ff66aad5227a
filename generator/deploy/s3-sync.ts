import { createHash } from 'node:crypto';
import { DeleteObjectsCommand, ListObjectsV2Command, PutBucketCorsCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { PlannedObject } from './s3-objects.ts';

export interface SyncOptions {
  bucket: string;
  /** Only keys under this prefix are compared and deleted. */
  prefix: string;
  readFile(file: string): Buffer;
  /** Also set the bucket's CORS rule: any origin may GET. */
  cors: boolean;
  dryRun: boolean;
  log(line: string): void;
}

export interface SyncResult {
  uploaded: number;
  unchanged: number;
  deleted: number;
  bytes: number;
}

const UPLOADS_AT_ONCE = 16;

/**
 * Uploads the objects whose bytes differ from the bucket's (compared by MD5, which S3 returns as the ETag
 * of single-part uploads), then deletes the keys the build no longer has — only after every new object is
 * in place, so the site never serves a page whose links are gone.
 */
export async function syncToS3(client: S3Client, objects: readonly PlannedObject[], options: SyncOptions): Promise<SyncResult> {
  const existing = await listEtags(client, options.bucket, options.prefix);
  const changed = objects.filter((object) => existing.get(object.key) !== md5(options.readFile(object.file)));
  const wanted = new Set(objects.map((object) => object.key));
  const stale = [...existing.keys()].filter((key) => !wanted.has(key)).sort();
  const result: SyncResult = { uploaded: changed.length, unchanged: objects.length - changed.length, deleted: stale.length, bytes: 0 };
  options.log(`s3: ${changed.length} to upload, ${result.unchanged} unchanged, ${stale.length} to delete${options.dryRun ? ' (dry run)' : ''}`);
  if (options.dryRun) return result;
  let done = 0;
  const queue = [...changed];
  await Promise.all(
    Array.from({ length: UPLOADS_AT_ONCE }, async () => {
      for (let object = queue.shift(); object; object = queue.shift()) {
        const body = options.readFile(object.file);
        await client.send(
          new PutObjectCommand({ Bucket: options.bucket, Key: object.key, Body: body, ContentType: object.contentType, CacheControl: object.cacheControl }),
        );
        result.bytes += body.length;
        done += 1;
        if (done % 1000 === 0) options.log(`s3: uploaded ${done}/${changed.length}`);
      }
    }),
  );
  for (let at = 0; at < stale.length; at += 1000) {
    await client.send(
      new DeleteObjectsCommand({ Bucket: options.bucket, Delete: { Objects: stale.slice(at, at + 1000).map((Key) => ({ Key })), Quiet: true } }),
    );
  }
  if (options.cors) {
    await client.send(
      new PutBucketCorsCommand({
        Bucket: options.bucket,
        CORSConfiguration: { CORSRules: [{ AllowedOrigins: ['*'], AllowedMethods: ['GET', 'HEAD'], AllowedHeaders: ['*'], MaxAgeSeconds: 86400 }] },
      }),
    );
    options.log('s3: bucket CORS rule set (any origin may GET)');
  }
  return result;
}

async function listEtags(client: S3Client, bucket: string, prefix: string): Promise<Map<string, string>> {
  const etags = new Map<string, string>();
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) etags.set(object.Key, (object.ETag ?? '').replace(/"/g, ''));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return etags;
}

function md5(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('hex');
}
