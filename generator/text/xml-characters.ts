/** A quick test for text that may hold a character XML 1.0 cannot carry (any surrogate, paired or not): model/rdfxml-limits.ts decides. */
export const MAYBE_NOT_XML = /[\0-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
