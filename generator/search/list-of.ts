/** The list a map holds under a key, made empty the first time. */
export function listOf<K, T>(map: Map<K, T[]>, key: K): T[] {
  let list = map.get(key);
  if (list === undefined) map.set(key, (list = []));
  return list;
}
