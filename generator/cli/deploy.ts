import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import fg from 'fast-glob';
import { planObjects } from '../deploy/s3-objects.ts';
import { syncToS3 } from '../deploy/s3-sync.ts';
import { OptionsError, UserError } from '../errors.ts';
import { formatBytes } from '../report/describe.ts';
import { HOST_FILE, Router, isHostName, type HostName } from '../route/router.ts';
import { Reporter, runCommand } from './reporter.ts';

const USAGE = `Usage: npm run deploy -- s3 --bucket <name> [options]

Uploads a built site to S3 with flat keys, so every seed URL exists as an object with its Content-Type.
Credentials come from the standard AWS chain (environment, shared config and profiles, instance roles).
  --bucket <name>      the bucket
  --dir <folder>       the built site (default dist)
  --prefix <path>      key prefix, for a site under a sub-path (default none)
  --region <region>    AWS region (default from the AWS configuration)
  --endpoint <url>     another S3-compatible endpoint (an emulator, MinIO…), addressed path-style
  --cors               also set the bucket CORS rule: any origin may GET
  --dry-run            list what would change, change nothing`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      bucket: { type: 'string' },
      dir: { type: 'string' },
      prefix: { type: 'string' },
      region: { type: 'string' },
      endpoint: { type: 'string' },
      cors: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals[0] !== 's3' || positionals.length !== 1)
    throw new OptionsError(`unknown deploy target "${positionals.join(' ')}"`, 'the target is s3; see --help');
  if (!values.bucket) throw new OptionsError('--bucket is required', 'see --help');
  const dir = resolve(values.dir ?? 'dist');
  if (!existsSync(join(dir, 'openapi.json')))
    throw new OptionsError(`${dir} does not hold a built site (no openapi.json)`, 'run npm run build first, or pass --dir');
  const prefix = values.prefix ? `${values.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  const reporter = new Reporter();
  const paths = (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true })).sort();
  // Keys do not depend on the base URL: the prefix places the site in the bucket. They do not depend on the
  // host the build was laid out for either: either layout gives S3 its flat keys.
  const objects = planObjects(paths, new Router('https://bucket.invalid/', readBuiltHost(dir)), prefix);
  const client = new S3Client({
    region: values.region ?? process.env.AWS_REGION ?? 'us-east-1',
    ...(values.endpoint ? { endpoint: values.endpoint, forcePathStyle: true } : {}),
  });
  const result = await syncToS3(client, objects, {
    bucket: values.bucket,
    prefix,
    readFile: (file) => readFileSync(join(dir, file)),
    cors: values.cors === true,
    dryRun: values['dry-run'] === true,
    log: (line) => reporter.log(line),
  }).catch((error: unknown) => {
    if (error instanceof S3ServiceException) throw new UserError(`s3: ${error.name}: ${error.message}`, 'check the bucket name, region and AWS credentials');
    if (error instanceof Error && error.name === 'CredentialsProviderError')
      throw new UserError(`s3: no AWS credentials: ${error.message}`, 'set AWS_PROFILE or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
    const code = (error as { code?: unknown }).code;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND')
      throw new UserError(`s3: cannot reach ${values.endpoint ?? 'S3'} (${String(code)})`, 'check --endpoint and --region');
    throw error;
  });
  process.stdout.write(
    `${objects.length} objects: uploaded ${result.uploaded} (${formatBytes(result.bytes)}), ${result.unchanged} unchanged, deleted ${result.deleted}\n`,
  );
  return 0;
}

/** The host a built folder is laid out for, as its build recorded it; builds that predate the record are laid out for rewriting hosts. */
function readBuiltHost(dir: string): HostName {
  let recorded: unknown;
  try {
    recorded = (JSON.parse(readFileSync(join(dir, HOST_FILE), 'utf8')) as { host?: unknown }).host;
  } catch {
    return 'rewriting';
  }
  if (!isHostName(recorded))
    throw new UserError(`${join(dir, HOST_FILE)} names an unknown host ${JSON.stringify(recorded)}`, 'build the site again with this version');
  return recorded;
}

runCommand(main);
