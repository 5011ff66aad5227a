import type { SearchIndexStats } from '../search/build-search-index.ts';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function describeSearchIndex(stats: SearchIndexStats): string {
  const budget = stats.oversized.length > 0 ? `over the 16 kB budget: ${stats.oversized.join(', ')}` : 'every file within 16 kB gzipped';
  return `${stats.files} index files, ${formatBytes(stats.bytes)} (at most ${formatBytes(stats.gzipBytesAtMost)} gzipped), ${budget}`;
}
