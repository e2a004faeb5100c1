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
