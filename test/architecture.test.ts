// The pipeline's shape, checked: no module imports itself round a circle, and each folder imports only from the
// folders below it (load → model → emit → search → site → host → … → write → pipeline → the entry points).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleImports } from './support/module-imports.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const GENERATOR = join(ROOT, 'generator');

// Lowest first. A top-level file is placed by its name: errors.ts sits at the bottom, generate-api.ts with the pipeline.
const LAYERS = [
  'text',
  'errors',
  'schema',
  'route',
  'config',
  'load',
  'model',
  'emit',
  'search',
  'live',
  'site',
  'host',
  'changes',
  'cache',
  'write',
  'report',
  'pipeline',
  'worker',
  'check',
  'conformance',
  'deploy',
  'astro',
  'cli',
];
const TOP_LEVEL: Record<string, string> = { 'errors.ts': 'errors', 'generate-api.ts': 'pipeline' };

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : /\.(ts|js)$/.test(entry.name) ? [path] : [];
  });
}

/** Each module's relative imports that are modules of the generator, as paths. */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(GENERATOR);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = moduleImports(readFileSync(file, 'utf8')).map((target) => normalize(join(dirname(file), target)));
      return [file, targets.filter((target) => known.has(target))];
    }),
  );
}

const graph = importGraph();
const name = (file: string) => relative(GENERATOR, file);

function layerOf(file: string): string {
  const [first, ...rest] = name(file).split(/[\\/]/);
  return rest.length === 0 ? (TOP_LEVEL[first] ?? `(top-level ${first})`) : first;
}

/** Strongly connected groups of more than one module (Tarjan): each is an import circle. */
function importCircles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(name(member));
    } while (member !== file);
    if (group.length > 1) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe("the generator's modules", () => {
  it('import one another in no circle', () => {
    // A floor under what the walk finds, so it cannot pass by finding nothing (139 modules and 480 imports when this was written).
    expect(graph.size).toBeGreaterThan(100);
    expect([...graph.values()].flat().length).toBeGreaterThan(400);
    expect(importCircles()).toEqual([]);
  });

  it('each belong to a known layer', () => {
    expect([...graph.keys()].map(layerOf).filter((layer) => !LAYERS.includes(layer))).toEqual([]);
  });

  it('import only from their own layer or those below it', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => LAYERS.indexOf(layerOf(target)) > LAYERS.indexOf(layerOf(file))).map((target) => `${name(file)} → ${name(target)}`),
    );
    expect(upward).toEqual([]);
  });

  it.each([
    ["import { a } from './a.ts';", ['./a.ts']],
    ["import './side-effect.ts';", ['./side-effect.ts']],
    ["import type { T } from '../t.ts';", ['../t.ts']],
    ["import {\n  a,\n  b,\n} from './multi-line.ts';", ['./multi-line.ts']],
    ["import * as all from './namespace.ts';", ['./namespace.ts']],
    ["export * from './re-export.ts';", ['./re-export.ts']],
    ["export { a } from './named-re-export.ts';", ['./named-re-export.ts']],
    ["const loaded = await import('./dynamic.ts');", ['./dynamic.ts']],
    ["new Worker(new URL('./worker.ts', import.meta.url));", ['./worker.ts']],
    ["import { readFileSync } from 'node:fs';", []],
    ["const text = \"import a from './in-a-string.ts'\"; // import './in-a-comment.ts'", []],
  ])('finds the imports of %j', (text, expected) => {
    expect(moduleImports(text)).toEqual(expected);
  });

  it.each([
    [
      'a circle',
      new Map([
        ['a.ts', ['b.ts']],
        ['b.ts', ['a.ts']],
      ]),
    ],
  ])('would notice %s', (_, edges) => {
    // The same walk over a made-up graph, so the check above cannot pass by finding nothing at all.
    const saved = new Map(graph);
    graph.clear();
    for (const [file, targets] of edges)
      graph.set(
        join(GENERATOR, file),
        targets.map((target) => join(GENERATOR, target)),
      );
    try {
      expect(importCircles()).toEqual([['a.ts', 'b.ts']]);
    } finally {
      graph.clear();
      for (const [file, targets] of saved) graph.set(file, targets);
    }
  });
});
