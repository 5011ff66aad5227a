import { parseArgs } from 'node:util';
import { checkDeployment } from '../conformance/checks.ts';
import { formatReport } from '../conformance/report.ts';
import { OptionsError } from '../errors.ts';
import { HOSTS, isHostName } from '../route/paths.ts';
import { runCommand } from './reporter.ts';

const USAGE = `Usage: npm run conformance -- --base-url <url> [--host github-pages] [--ids id1,id2] [--sample N]

Checks the seed contract against a live deployment and prints a pass/fail table (exit status 1 on a failure):
  --base-url <url>   where the site is served, sub-path included
  --host <host>      the host the site was built for (default rewriting). github-pages: checks each URL's
                     body, status, no redirect and CORS, reports the Content-Type GitHub chose, and checks
                     search through the client module (the exact URL needs the site's service worker)
  --ids <list>       ids to check every format of (default: from the deployment's openapi.json and tree)
  --sample <N>       how many ids to take from the deployment (default 5)`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { 'base-url': { type: 'string' }, host: { type: 'string' }, ids: { type: 'string' }, sample: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const baseUrl = values['base-url'];
  if (!baseUrl || !URL.canParse(baseUrl)) throw new OptionsError('--base-url must be an absolute URL such as https://example.org/folio/', 'see --help');
  const sample = Number(values.sample ?? 5);
  if (!Number.isInteger(sample) || sample < 1) throw new OptionsError(`--sample must be a whole number of at least 1 (got "${values.sample}")`);
  const host = values.host ?? 'rewriting';
  if (!isHostName(host)) throw new OptionsError(`--host must be one of ${HOSTS.join(', ')} (got "${host}")`, 'see --help');
  const ids = values.ids
    ?.split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const results = await checkDeployment(baseUrl, { ids, sample, host, fetch: (url, init) => fetch(url, init) });
  process.stdout.write(`${formatReport(results)}\n`);
  return results.every((result) => result.ok) ? 0 : 1;
}

runCommand(main, 2);
