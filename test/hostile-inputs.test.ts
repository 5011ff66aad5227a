import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SITE_PATH_IDS } from '../generator/route/paths.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { hasXmllint, readByLibxml2 } from './support/libxml2.ts';
import { runBuild } from './support/run-cli.ts';

const scratch = mkdtempSync(join(tmpdir(), 'hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const NAMESPACES =
  'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:owl="http://www.w3.org/2002/07/owl#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:skos="http://www.w3.org/2004/02/skos/core#"';

/** An ontology under https://x.example/ with the given doctype and class elements. */
function ontology(classes: string, doctype = ''): string {
  return `<?xml version="1.0"?>\n${doctype}<rdf:RDF ${NAMESPACES}>\n<owl:Ontology rdf:about="https://x.example/"/>\n<owl:Class rdf:about="https://x.example/Good"><rdfs:label>Good</rdfs:label></owl:Class>\n${classes}</rdf:RDF>\n`;
}

/** A Turtle ontology under https://x.example/ declaring one class with the given IRI. */
function turtle(iri: string): string {
  return `@prefix owl: <http://www.w3.org/2002/07/owl#> .\n<https://x.example/> a owl:Ontology .\n${iri} a owl:Class .\n`;
}

const named = (id: string, label = 'Named') => `<owl:Class rdf:about="https://x.example/${id}"><rdfs:label>${label}</rdfs:label></owl:Class>\n`;
const laughs = Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`).join('\n');

async function build(name: string, text: string, extra: string[] = ['--api-only']) {
  const path = join(scratch, name);
  writeFileSync(path, text);
  const out = join(scratch, `out-${name}`);
  return { ...(await runBuild(['--ontology', path, '--out', out, ...extra])), out };
}

// Each must end the build with status 1, one line that names what is wrong, no stack trace, and no output.
describe('hostile or broken input is refused with one clear line', () => {
  it.each([
    [
      'an XML bomb ("billion laughs")',
      'bomb.owl',
      ontology(named('A', '&lol9;'), `<!DOCTYPE rdf:RDF [\n<!ENTITY lol0 "lol">\n${laughs}\n]>\n`),
      /^error: .*bomb\.owl:4:1: entity "lol1" is built from other entities or markup: .*XML bomb.* — /,
    ],
    [
      'an external entity pointing at a local file (XXE)',
      'xxe.owl',
      ontology(named('A', '&secret;'), '<!DOCTYPE rdf:RDF [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>\n'),
      /^error: .*xxe\.owl:2:21: entity "secret" is external: it is never fetched/,
    ],
    // Read from the file's bytes, the check still counts columns in characters.
    [
      'an external entity after characters beyond ASCII',
      'xxe-utf8.owl',
      ontology(named('A', '&secret;'), '<!DOCTYPE rdf:RDF [ <!-- café ☕ --> <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>\n'),
      /^error: .*xxe-utf8\.owl:2:37: entity "secret" is external/,
    ],
    [
      'a parameter entity',
      'parameter.owl',
      ontology('', '<!DOCTYPE rdf:RDF [ <!ENTITY % p "x"> ]>\n'),
      /^error: .*parameter\.owl:2:21: entity "p" is a parameter entity/,
    ],
    // Turtle keeps spaces and control characters in an IRI as written.
    ['an IRI with a space', 'space.ttl', turtle('<https://x.example/a\\u0020b>'), /^error: .*space\.ttl:3:1: Turtle syntax error: /],
    ['an IRI with a control character', 'control.ttl', turtle('<https://x.example/a\\u0001b>'), /^error: .*control\.ttl:3:1: Turtle syntax error: /],
  ])('%s', async (_, name, text, expected, extra?: string[]) => {
    const result = await build(name, text, extra);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(expected);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(result.out)).toBe(false);
  });

  it('builds those two ids for hosts that rewrite, where /index and /404 are files of their own', async () => {
    const result = await build('index-404.owl', ontology(named('index') + named('404')));
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(result.out, 'index'), 'utf8'))).toMatchObject({ iri: 'https://x.example/index' });
    expect(JSON.parse(readFileSync(join(result.out, '404'), 'utf8'))).toMatchObject({ iri: 'https://x.example/404' });
  });
});

// The rest of the ontology is published; the build warns once, naming the first few with the reason for each.
describe('ids that cannot be file names and a URL path are left out, with a warning', () => {
  it.each([
    // A slash id is published (test/slash-ids.test.ts), but for a format's name after a slash: /a/xml is a's RDF/XML.
    [
      'a format name after a slash',
      'slash.owl',
      ontology(named('a/xml')),
      /"a\/xml" \("https:\/\/x\.example\/a\/xml"\) has the segment "xml" after a "\/", where a URL names a format or page of the id before it/,
      ['a', 'a/xml', '_api/a/xml.json', '_api/a/xml.xml'],
    ],
    ['an empty segment', 'empty.owl', ontology(named('a//b')), /"a\/\/b" .* has an empty segment/, ['a', '_api/a']],
    ['four segments', 'deep.owl', ontology(named('a/b/c/d')), /"a\/b\/c\/d" .* has 4 "\/"-separated segments \(at most 3\)/, ['a', '_api/a']],
    [
      'a site folder before a slash',
      'site.owl',
      ontology(named('search/x')),
      /"search\/x" .* starts with "search\/", below which the site's own URLs are/,
      ['_api/search', 'search/x'],
    ],
    [
      'an encoded slash',
      'encoded.owl',
      ontology(named('a%2Fb')),
      /"a%2Fb" .* escapes "\/", which a file name on every host cannot hold as itself/,
      ['a%2Fb', 'a/b', 'a'],
    ],
    ['a dot', 'dot.owl', ontology(named('index.html')), /"index\.html" .* contains "\."/, ['index.html']],
    ['250 bytes', 'long.owl', ontology(named('x'.repeat(250))), /"x{57}…" \(.*\) is 250 bytes long \(at most 200\)/, ['x'.repeat(250)]],
    // A leading "_" is an id's (test/id-characters.test.ts), but for the site's own names.
    [
      'the name of a site folder',
      'underscore.owl',
      ontology(named('_api')),
      /"_api" .* is the name of one of the site's own files or folders/,
      ['_api/_api.jsonld'],
    ],
    // Turtle keeps ".." in an IRI as written (RDF/XML resolves it). Given the base IRI: without one, the term's
    // own namespace (https://x.example/../) would be chosen, and "evil" is a safe id.
    [
      'a climb out with ".."',
      'climb.ttl',
      `${turtle('<https://x.example/../evil>')}<https://x.example/Good> a owl:Class .\n`,
      /"\.\.\/evil" .* contains "\." at its start/,
      ['../evil', 'evil'],
      ['--api-only', '--base-iri', 'https://x.example/'],
    ],
  ])('an id with %s', async (_, name, text, expected, absent: string[], extra?: string[]) => {
    const result = await build(name, text, extra);
    expect(result.code, result.stderr).toBe(0);
    const warning = result.stdout.split('\n').find((line) => line.includes('warning: unsafe-id:'));
    expect(warning).toMatch(/warning: unsafe-id: 1 id\(s\) cannot be file names and URL paths, and are not published: /);
    expect(warning).toMatch(expected);
    for (const path of absent) expect(existsSync(join(result.out, path)), path).toBe(false);
    expect(readdirSync(result.out).filter((file) => !file.startsWith('_') && !file.includes('.') && !SITE_PATH_IDS.includes(file))).toEqual(['Good']);
  });

  it('lists the first five and counts the rest', async () => {
    const result = await build('many.owl', ontology(Array.from({ length: 7 }, (_, at) => named(`bad.${at}`)).join('')));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/warning: unsafe-id: 7 id\(s\) cannot .*"bad\.4".*; and 2 more; to publish them, rename those IRIs/);
  });
});

describe('odd but valid input builds, with named warnings', () => {
  it('expands plain-text entities, as ontology editors write them for namespaces', async () => {
    const result = await build(
      'namespaces.owl',
      ontology(`<owl:Class rdf:about="&x;Plain"><rdfs:label>Plain</rdfs:label></owl:Class>\n`, '<!DOCTYPE rdf:RDF [ <!ENTITY x "https://x.example/"> ]>\n'),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(result.out, 'Plain'), 'utf8'))).toMatchObject({ iri: 'https://x.example/Plain', label: 'Plain' });
  });

  // Every host is case-sensitive; only a case-folding output folder refuses them (test/case-folding.test.ts).
  it.each([
    ['for rewriting hosts', [], ['Good', 'good']],
    ['for GitHub Pages', ['--host', 'github-pages'], ['Good.html', 'good.html']],
  ])('publishes two ids that differ only by letter case, %s, with a warning', async (_, host, records) => {
    const result = await build(`case-${host.length}.owl`, ontology(named('good', 'Lower case')), ['--api-only', ...host]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'warning: case-collision: 1 group(s) of ids differ only by letter case: "Good" and "good"; each is published (hosts tell them apart), but a case-insensitive file system cannot hold both',
    );
    expect(records.map((file) => (JSON.parse(readFileSync(join(result.out, file), 'utf8')) as { label: string }).label)).toEqual(['Good', 'Lower case']);
  });

  it('warns of a class declared twice and of two definitions, publishing the last definition', async () => {
    const text = ontology(
      `<owl:Class rdf:about="https://x.example/Twice"><rdfs:label>Twice</rdfs:label><skos:definition>First.</skos:definition></owl:Class>\n<owl:Class rdf:about="https://x.example/Twice"><skos:definition>Second.</skos:definition></owl:Class>\n<owl:Class rdf:about="https://x.example/Nameless"/>\n`,
    );
    const result = await build('twice.owl', text);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('warning: duplicate-declaration: class Twice is declared 2 times; its statements are merged');
    expect(result.stdout).toContain('warning: duplicate-definition: class Twice has 2 skos:definition values; the last in the file is published');
    expect(result.stdout).toContain('warning: missing-label: class Nameless has no rdfs:label');
    expect(JSON.parse(readFileSync(join(result.out, 'Twice'), 'utf8')).definition).toBe('Second.');
  });

  it("leaves out of a term's RDF/XML what RDF/XML cannot say, with one warning naming the term and why, and keeps it in JSON-LD", async () => {
    const text = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
<https://x.example/> a owl:Ontology .
<https://x.example/Odd> a owl:Class ; rdfs:label "Odd" ; rdf:resource "x" ; <https://x.example/p/7> "y" ; rdfs:comment "back\\bspace" ;
  rdfs:subClassOf [ a owl:Restriction ; rdfs:comment "nested\\bone" ] .
<https://x.example/Fine> a owl:Class ; rdfs:label "Fine" .
`;
    const result = await build('unsayable.ttl', text);
    expect(result.code, result.stderr).toBe(0);
    const warnings = result.stdout.split('\n').filter((line) => line.includes('rdfxml-left-out'));
    expect(warnings).toEqual([
      "  warning: rdfxml-left-out: class Odd's /xml leaves out 4 statement(s), which RDF/XML cannot say (its predicate rdf:resource is one of RDF/XML's syntax names; its predicate https://x.example/p/7 has no XML name (RDF/XML names a predicate by its IRI's last segment); it holds U+0008, a character XML 1.0 cannot carry); its JSON-LD keeps them",
    ]);
    const xml = readFileSync(join(result.out, '_api/Odd.xml'), 'utf8');
    expect(xml).toContain('<rdfs:label>Odd</rdfs:label>');
    expect(xml).not.toMatch(/rdf:resource>|back|nested|p\/7/);
    if (hasXmllint) expect(() => readByLibxml2(xml)).not.toThrow();
    const jsonld = readFileSync(join(result.out, '_api/Odd.jsonld'), 'utf8');
    for (const kept of ['back\\bspace', 'nested\\bone', 'https://x.example/p/7', 'rdf:resource']) expect(jsonld).toContain(kept);
  });

  it('builds the whole site for classes that are their own ancestors, from another working folder', async () => {
    const cycle = `<owl:Class rdf:about="https://x.example/A"><rdfs:label>Alpha</rdfs:label><rdfs:subClassOf rdf:resource="https://x.example/B"/></owl:Class>
<owl:Class rdf:about="https://x.example/B"><rdfs:label>Beta</rdfs:label><rdfs:subClassOf rdf:resource="https://x.example/A"/></owl:Class>
<owl:Class rdf:about="https://x.example/C"><rdfs:label>Gamma</rdfs:label><rdfs:subClassOf rdf:resource="https://x.example/C"/></owl:Class>\n`;
    writeFileSync(join(scratch, 'cycle.owl'), ontology(cycle));
    const result = await runBuild(['--ontology', 'cycle.owl', '--out', 'cycle-site'], scratch);
    expect(result.code, result.stderr).toBe(0);
    for (const id of ['A', 'B', 'C']) expect(existsSync(join(scratch, 'cycle-site', '_site', 'pages', id, 'index.html')), id).toBe(true);
    expect(JSON.parse(readFileSync(join(scratch, 'cycle-site', 'A'), 'utf8')).sub_class_of).toEqual(['https://x.example/B']);
  });

  it('builds a class with a 1 MB label, warning of the search files it makes too large', async () => {
    const label = Array.from({ length: 150_000 }, (_, at) => `word${at}`)
      .join(' ')
      .slice(0, 1024 * 1024);
    const result = await build('huge.owl', ontology(named('Huge', label)));
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(result.out, 'Huge'), 'utf8')).label).toBe(label);
    expect(result.stdout).toMatch(/warning: search-budget: search\/.+ is over 16 kB gzipped/);
    // One entity is one leaf: its million characters are not split into ever longer prefixes.
    expect((await fg('search/s/*.json', { cwd: result.out })).length).toBeLessThan(40);
  });
});

// The build replaces its output folder whole: it must never be one that holds something else.
describe('an output folder the build would destroy is refused', () => {
  const project = join(scratch, 'project');
  const precious = join(project, 'notes.txt');
  mkdirSync(join(project, 'ontology'), { recursive: true });
  mkdirSync(join(project, 'mine'), { recursive: true });
  writeFileSync(precious, 'kept');
  writeFileSync(join(project, 'mine', 'letter.txt'), 'kept');
  writeFileSync(join(project, 'ontology', 'small.owl'), ontology(''));

  it.each([
    ['the working folder', '.', /refusing to write the output to .*project: the build replaces that folder whole, and it holds the working folder — /],
    ['a folder above it', '..', /and it holds the working folder — /],
    ["the ontology's folder", 'ontology', /and it holds the ontology — /],
    ['the ontology file itself', 'ontology/small.owl', /refusing to write the output to .*small\.owl: it is a file — /],
    ['a folder of other files', 'mine', /it holds files \(letter\.txt\) but no earlier build \(_build\/manifest\.json\) — empty that folder/],
  ])('%s', async (_, out, expected) => {
    const result = await runBuild(['--ontology', 'ontology', '--out', out, '--api-only'], project);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(expected);
    expect(readFileSync(precious, 'utf8')).toBe('kept');
    expect(readFileSync(join(project, 'mine', 'letter.txt'), 'utf8')).toBe('kept');
    expect(existsSync(join(project, 'ontology', 'small.owl'))).toBe(true);
  });

  it('a folder of its own, then the same folder again (an earlier build)', async () => {
    for (let build = 0; build < 2; build += 1) expect((await runBuild(['--ontology', 'ontology', '--out', 'dist', '--api-only'], project)).code).toBe(0);
    expect(readFileSync(precious, 'utf8')).toBe('kept');
  });
});
