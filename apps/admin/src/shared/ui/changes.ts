/** One field an edit changes: its path in the form's values, and its value before and after. */
export interface Change {
  path: string[];
  before: unknown;
  after: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of `values` (a form's, nested objects walked, arrays compared whole) that differ from
 * the row the form was opened with. Fields the form does not hold are not compared.
 */
export function changesOf(row: object, values: object, path: string[] = []): Change[] {
  const before = row as Record<string, unknown>;
  return Object.entries(values).flatMap(([key, after]) => {
    const at = [...path, key];
    const was = before[key];
    if (isPlainObject(after) && isPlainObject(was)) return changesOf(was, after, at);
    return same(was, after) ? [] : [{ path: at, before: was, after }];
  });
}

/** The changes as a partial object of the same shape: what a patch sends. */
export function patchOf<V extends object>(changes: readonly Change[]): Partial<V> {
  const patch: Record<string, unknown> = {};
  for (const { path, after } of changes) {
    let node = patch;
    for (const key of path.slice(0, -1)) {
      node[key] = isPlainObject(node[key]) ? node[key] : {};
      node = node[key] as Record<string, unknown>;
    }
    node[path.at(-1) as string] = after;
  }
  return patch as Partial<V>;
}

/** A value as the confirmation shows it. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.map(shownValue).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
