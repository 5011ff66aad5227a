import type { Router } from '../route/router.ts';
import { isCheckedFile, linksIn } from './find-links.ts';
import { compareUnits } from '../text/compare-units.ts';

export interface BrokenLink {
  /** The output file the link is in. */
  file: string;
  link: string;
}

export interface LinkReport {
  files: number;
  links: number;
  broken: BrokenLink[];
}

/**
 * Follows every link and IRI into this site (its origin and base path) from every page and data file of the
 * output to the file a host would serve for it. Links elsewhere are not followed. Broken ones are listed by
 * file, each once.
 */
export function checkLinks(files: ReadonlyMap<string, string>, router: Router): LinkReport {
  const site = `${router.origin}${router.basePath}`;
  const has = (path: string) => files.has(path);
  const broken: BrokenLink[] = [];
  let links = 0;
  let checked = 0;
  for (const [path, contents] of [...files].sort(([a], [b]) => compareUnits(a, b))) {
    if (!isCheckedFile(path)) continue;
    checked += 1;
    const pageUrl = `${site}/${path.endsWith('index.html') ? path.slice(0, -'index.html'.length) : path}`;
    const seen = new Set<string>();
    const isPage = path.endsWith('.html') && router.fileEntity(path)?.format !== 'json';
    for (const link of linksIn(contents, pageUrl, isPage)) {
      if (link !== site && !link.startsWith(`${site}/`)) continue;
      const urlPath = new URL(link).pathname;
      if (seen.has(urlPath)) continue;
      seen.add(urlPath);
      links += 1;
      if (router.servedFile(urlPath, has) === undefined) broken.push({ file: path, link });
    }
  }
  return { files: checked, links, broken };
}

export function describeLinks(report: LinkReport, shown = 20): string {
  if (report.broken.length === 0) return `links: ${report.links} into the site checked in ${report.files} files, none broken`;
  const list = report.broken
    .slice(0, shown)
    .map(({ file, link }) => `${file} → ${link}`)
    .join('; ');
  const more = report.broken.length > shown ? `; and ${report.broken.length - shown} more` : '';
  return `${report.broken.length} broken link(s) into the site: ${list}${more}`;
}
