// Which edits each chain draws from: an OWL ontology takes every edit but the thesaurus's own; a thesaurus its
// own, every edit of a term's texts, the descriptions' splitting and order, the warnings' and the files'.
import type { EditTable } from './edit-kit.ts';
import { FILE_EDITS } from './file-edits.ts';
import { SKOS_EDITS } from './skos-edits.ts';
import { STRUCTURE_EDITS } from './structure-edits.ts';
import { TEXT_EDITS } from './text-edits.ts';
import { WARNING_EDITS } from './warning-edits.ts';

export const OWL_EDITS: EditTable = { ...TEXT_EDITS, ...STRUCTURE_EDITS, ...WARNING_EDITS, ...FILE_EDITS };

const { split, merge, reorder, shuffle, secondType } = STRUCTURE_EDITS;
export const THESAURUS_EDITS: EditTable = { ...TEXT_EDITS, ...SKOS_EDITS, split, merge, reorder, shuffle, secondType, ...WARNING_EDITS, ...FILE_EDITS };
