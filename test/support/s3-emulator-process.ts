// The s3rver emulator as a process of its own: `node --openssl-legacy-provider s3-emulator-process.ts <folder> <port> <bucket>`.
// s3rver signs a listing's continuation token with DES, which OpenSSL 3 offers only from its legacy provider, and a
// listing past 1,000 objects needs one (a deploy lists the bucket first).
import S3rver from 's3rver';

const [directory, port, bucket] = process.argv.slice(2);
const server = new S3rver({ port: Number(port), address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
await server.run();
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
