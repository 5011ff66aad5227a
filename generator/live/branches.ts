// The taxonomy's branches: which classes `/taxonomy/branches` counts and `/taxonomy/{segment}` walks. As configured
// (static-api.config.json's `branches`), or by default: for FOLIO's namespace, the live service's own 24
// (folio-python's FOLIO_TYPE_IRIS, named as folio-api names them); for any other vocabulary, its top-level classes,
// named from their labels.
import { RESERVED_BRANCH_SEGMENTS } from '../route/paths.ts';
import type { ClassRecord } from '../schema/records.ts';
import { OWL_THING, type LiveGraph } from './live-graph.ts';

export interface Branch {
  /** Its key in `/taxonomy/branches`. */
  name: string;
  /** Its URL: `/taxonomy/{segment}`. */
  segment: string;
  /** The branch root's IRI. */
  root: string;
  /** The names a structured query's `branch` may give it, lower-cased (FOLIO: also the live service's own). */
  aliases: string[];
}

export const FOLIO_NAMESPACE = 'https://folio.openlegalstandard.org/';

// [name in /taxonomy/branches, URL segment (folio-python's FOLIOTypes name, lower-cased), root id, FOLIOTypes value],
// in the live service's order.
const FOLIO_BRANCHES: readonly (readonly [string, string, string, string])[] = [
  ['actors_players', 'actor_player', 'R8CdMpOM0RmyrgCCvbpiLS0', 'Actor / Player'],
  ['areas_of_law', 'area_of_law', 'RSYBzf149Mi5KE0YtmpUmr', 'Area of Law'],
  ['asset_types', 'asset_type', 'RCIwc6WJi6IT7xePURxsi4T', 'Asset Type'],
  ['communication_modalities', 'communication_modality', 'R8qItBwG2pRMFhUq1HQEMnb', 'Communication Modality'],
  ['currencies', 'currency', 'R767niCLQVC5zIcO5WDQMSl', 'Currency'],
  ['data_formats', 'data_format', 'R79aItNTJQwHgR002wuX3iC', 'Data Format'],
  ['document_artifacts', 'document_artifact', 'RDt4vQCYDfY0R9fZ5FNnTbj', 'Document / Artifact'],
  ['engagement_terms', 'engagement_terms', 'R9kmGZf5FSmFdouXWQ1Nndm', 'Engagement Terms'],
  ['events', 'event', 'R73hoH1RXYjBTYiGfolpsAF', 'Event'],
  ['forum_venues', 'forums_venues', 'RBjHwNNG2ASVmasLFU42otk', 'Forums and Venues'],
  ['governmental_bodies', 'governmental_body', 'RBQGborh1CfXanGZipDL0Qo', 'Governmental Body'],
  ['industries', 'industry', 'RDIwFaFcH4KY0gwEY0QlMTp', 'Industry'],
  ['languages', 'language', 'RDOvAHsvY8TKJ1O1orXPM9o', 'Language'],
  ['folio_types', 'folio_type', 'R8uI6AZ9vSgpAdKmfGZKfTZ', 'FOLIO Type'],
  ['legal_authorities', 'legal_authorities', 'RC1CZydjfH8oiM4W3rCkma3', 'Legal Authorities'],
  ['legal_entities', 'legal_entity', 'R7L5eLIzH0CpOUE74uJvSjL', 'Legal Entity'],
  ['locations', 'location', 'R9aSzp9cEiBCzObnP92jYFX', 'Location'],
  ['matter_narratives', 'matter_narrative', 'R7ReDY2v13rer1U8AyOj55L', 'Matter Narrative'],
  ['matter_narrative_formats', 'matter_narrative_format', 'R8ONVC8pLVJC5dD4eKqCiZL', 'Matter Narrative Format'],
  ['objectives', 'objectives', 'RlNFgB3TQfMzV26V4V7u4E', 'Objectives'],
  ['services', 'service', 'RDK1QEdQg1T8B5HQqMK2pZN', 'Service'],
  ['standards_compatibilities', 'standards_compatibility', 'RB4cFSLB4xvycDlKv73dOg6', 'Standards Compatibility'],
  ['statuses', 'status', 'Rx69EnEj3H3TpcgTfUSoYx', 'Status'],
  ['system_identifiers', 'system_identifiers', 'R8EoZh39tWmXCkmP2Xzjl6E', 'System Identifiers'],
];

// The tree's top level in the live service's explorer: its own curated list (some are not branches above).
const FOLIO_TREE_ROOTS: readonly string[] = [
  'R8CdMpOM0RmyrgCCvbpiLS0',
  'RSYBzf149Mi5KE0YtmpUmr',
  'RCIwc6WJi6IT7xePURxsi4T',
  'R8qItBwG2pRMFhUq1HQEMnb',
  'R767niCLQVC5zIcO5WDQMSl',
  'R79aItNTJQwHgR002wuX3iC',
  'RDt4vQCYDfY0R9fZ5FNnTbj',
  'R9kmGZf5FSmFdouXWQ1Nndm',
  'R73hoH1RXYjBTYiGfolpsAF',
  'RhBgnef56iLBXYfPqWQE41',
  'RBjHwNNG2ASVmasLFU42otk',
  'RBQGborh1CfXanGZipDL0Qo',
  'R8f4qGdjxuiQary8OBpq8W9',
  'RDOvAHsvY8TKJ1O1orXPM9o',
  'RC1CZydjfH8oiM4W3rCkma3',
  'R7L5eLIzH0CpOUE74uJvSjL',
  'R9B8sRCK209t5Y8LlU4f62a',
  'R9aSzp9cEiBCzObnP92jYFX',
  'R7ReDY2v13rer1U8AyOj55L',
  'RlNFgB3TQfMzV26V4V7u4E',
  'RDK1QEdQg1T8B5HQqMK2pZN',
  'RB4cFSLB4xvycDlKv73dOg6',
  'Rx69EnEj3H3TpcgTfUSoYx',
  'R8EoZh39tWmXCkmP2Xzjl6E',
];

// Worked out once per graph: a non-FOLIO vocabulary's reads every class's record.
const branchLists = new WeakMap<LiveGraph, readonly Branch[]>();

/** The branches of a vocabulary (see the file's head), in order. */
export function branchesOf(graph: LiveGraph): readonly Branch[] {
  let branches = branchLists.get(graph);
  if (!branches) branchLists.set(graph, (branches = findBranches(graph)));
  return branches;
}

function findBranches(graph: LiveGraph): Branch[] {
  if (graph.branchSettings)
    return graph.branchSettings.map((setting) => {
      const segment = setting.segment ?? setting.name;
      const aliases = [segment, setting.name, ...(setting.aliases ?? [])].map((alias) => alias.toLowerCase());
      return { name: setting.name, segment, root: graph.normalize(setting.root), aliases: [...new Set(aliases)] };
    });
  if (graph.baseIri === FOLIO_NAMESPACE)
    return FOLIO_BRANCHES.map(([name, segment, id, value]) => ({
      name,
      segment,
      root: `${FOLIO_NAMESPACE}${id}`,
      aliases: [segment, value.toLowerCase(), name],
    }));
  const taken = new Set<string>(RESERVED_BRANCH_SEGMENTS);
  return topLevelClasses(graph).map((record) => {
    const base = slug(record.label ?? '') || 'branch';
    let segment = base;
    for (let count = 2; taken.has(segment); count += 1) segment = `${base}_${count}`;
    taken.add(segment);
    const aliases = [segment, ...(record.label === null ? [] : [record.label.toLowerCase()])];
    return { name: segment, segment, root: record.iri, aliases };
  });
}

/** The classes the explorer's tree starts from, before it sorts them (FOLIO: the live service's list; else the top-level classes). */
export function treeRootsOf(graph: LiveGraph): ClassRecord[] {
  if (graph.baseIri === FOLIO_NAMESPACE) return FOLIO_TREE_ROOTS.flatMap((id) => graph.classOf(`${FOLIO_NAMESPACE}${id}`) ?? []);
  return topLevelClasses(graph);
}

/** The vocabulary's own classes (under its base IRI: not owl:Thing, not another's) with no parent class in it, in document order. */
function topLevelClasses(graph: LiveGraph): ClassRecord[] {
  return graph.classes.filter(
    (record) => record.iri.startsWith(graph.baseIri) && record.sub_class_of.every((parent) => parent === OWL_THING || graph.classOf(parent) === undefined),
  );
}

// A segment's length at most, in characters: a file name, 4 bytes a character at worst, within 255 bytes.
const SEGMENT_LENGTH = 60;

/** A label as a URL segment: lower-case letters and digits, words joined by "_", at most SEGMENT_LENGTH characters. */
function slug(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_');
  return [...words.replace(/^_+/, '')].slice(0, SEGMENT_LENGTH).join('').replace(/_+$/, '');
}
