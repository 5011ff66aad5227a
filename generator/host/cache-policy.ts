// Cache-Control values the host adapters send: five minutes for files a build may change (the search entry
// file; on S3 every object), a year for the files in the search index's content-hashed folder.
export const SHORT_CACHE = 'public, max-age=300';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

