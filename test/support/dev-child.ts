// Starts `astro dev` with the project's integration on a given ontology, as `npm run dev` does with the config file.
import { dev } from 'astro';
import { siteConfig } from '../../generator/astro/site-config.ts';
import { resolveOptions } from '../../generator/config/options.ts';
import { REPO_ROOT } from './shared-data.ts';

const [ontology, port] = process.argv.slice(2);
const options = resolveOptions({ ontology, baseUrl: `http://127.0.0.1:${port}/` }, {});
const server = await dev({ ...siteConfig(options), root: REPO_ROOT, configFile: false, logLevel: 'info', server: { host: '127.0.0.1', port: Number(port) } });
process.stdout.write('dev-child: listening\n');
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
