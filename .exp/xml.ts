import { loadModel } from '../generator/generate-api.ts';
import { buildNodeTree } from '../generator/emit/node-tree.ts';
import { emitRdfXml } from '../generator/emit/rdfxml.ts';
const loaded = await loadModel({ ontology: process.argv[2], baseUrl: 'http://localhost/' });
const trees = loaded.model.entities.map((e) => buildNodeTree(e.iri, e.quads));
for (let r = 0; r < 2; r++) { const t = performance.now(); trees.map(emitRdfXml); console.log('xml', performance.now() - t); }
