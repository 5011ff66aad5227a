// Which bundle file holds an entity, in plain JavaScript with its types in JSDoc: the build writes the bundles
// with it and the Cloudflare worker that serves them inlines its text (bundleOfSource), so both agree.
import { fnv1a } from '../text/fnv1a.js';

/**
 * Which of `bundles` files holds an entity: FNV-1a over its id.
 * @param {string} id @param {number} bundles @returns {number}
 */
export function bundleOf(id, bundles) {
  return fnv1a(id) % bundles;
}
