export type Tree = { [key: string]: string | Tree };

/**
 * Locale texts are split into one file per feature (`<lang>/<feature>.json`, top-level key =
 * file name) so features can change their texts independently; a key defined twice is a bug.
 */
export function mergeTrees(trees: Tree[]): Tree {
  const merged: Tree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      if (key in merged) throw new Error(`Locale key "${key}" is defined in two files`);
      merged[key] = value;
    }
  }
  return merged;
}

/**
 * The language's texts with the admin area's texts (`<lang>/admin/`) laid into them, as
 * i18next's `addResourceBundle` (deep) does; a key in both is a bug.
 */
export function mergeArea(base: Tree, area: Tree, path = ''): Tree {
  const merged: Tree = { ...base };
  for (const [key, value] of Object.entries(area)) {
    const existing = merged[key];
    if (existing === undefined) merged[key] = value;
    else if (typeof existing === 'string' || typeof value === 'string') {
      throw new Error(`Locale key "${path}${key}" is defined twice`);
    } else merged[key] = mergeArea(existing, value, `${path}${key}.`);
  }
  return merged;
}
