// The JSON the live FOLIO API returns, typed apart from the model: field order here is the wire order.

export interface ClassRecord {
  iri: string;
  label: string | null;
  sub_class_of: string[];
  parent_class_of: string[];
  is_defined_by: string | null;
  see_also: string[];
  comment: string | null;
  deprecated: boolean;
  preferred_label: string | null;
  alternative_labels: string[];
  translations: Record<string, string>;
  hidden_label: string | null;
  definition: string | null;
  examples: string[];
  notes: string[];
  history_note: string | null;
  editorial_note: string | null;
  in_scheme: string | null;
  identifier: string | null;
  description: string | null;
  source: string | null;
  country: string | null;
}

export interface PropertyRecord {
  iri: string;
  label: string | null;
  sub_property_of: string[];
  domain: string[];
  range: string[];
  inverse_of: string | null;
  preferred_label: string | null;
  alternative_labels: string[];
  definition: string | null;
  examples: string[];
}

export type EntityRecord = ClassRecord | PropertyRecord;

export const NOT_FOUND_BODY = { message: 'Entity not found.' } as const;
