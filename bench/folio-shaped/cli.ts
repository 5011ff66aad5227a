// npx node bench/folio-shaped/cli.ts [--classes N] [--properties N] [--seed S] --out file.owl
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_CLASSES, DEFAULT_PROPERTIES, generateFolioShaped } from './generate.ts';

const USAGE = 'Usage: npx node bench/folio-shaped/cli.ts [--classes N] [--properties N] [--seed S] --out file.owl';

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(parsed)) throw new Error(`--${name} must be an integer (got "${value}")`);
  return parsed;
}

function main(argv: string[]): void {
  const { values } = parseArgs({
    args: argv,
    options: {
      classes: { type: 'string' },
      properties: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (values.out === undefined) throw new Error('--out <file> is required');
  const classes = integer('classes', values.classes, DEFAULT_CLASSES);
  const properties = integer('properties', values.properties, DEFAULT_PROPERTIES);
  const seed = integer('seed', values.seed, 1);
  const started = performance.now();
  const text = generateFolioShaped({ classes, properties, seed });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  writeFileSync(values.out, text);
  process.stdout.write(`classes ${classes}\nproperties ${properties}\nbytes ${Buffer.byteLength(text)}\nwrote ${values.out} in ${seconds} s\n`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`error: ${(error as Error).message}\n${USAGE}\n`);
  process.exitCode = 1;
}
