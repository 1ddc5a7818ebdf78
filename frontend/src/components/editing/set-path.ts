/** Immutable update of one dotted path ("pricing.tiers.1.features.0") in plain JSON data. */
export function setPath<T>(root: T, path: string, value: unknown): T {
  const keys = path.split('.');
  const update = (node: unknown, depth: number): unknown => {
    const key = keys[depth]!;
    if (Array.isArray(node)) {
      const copy = [...node];
      copy[Number(key)] = depth === keys.length - 1 ? value : update(copy[Number(key)], depth + 1);
      return copy;
    }
    const record = (node ?? {}) as Record<string, unknown>;
    return { ...record, [key]: depth === keys.length - 1 ? value : update(record[key], depth + 1) };
  };
  return update(root, 0) as T;
}
