import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { settings } from '../../db/schema/reference';
import type { SettingDefinition } from './definitions';

/** Reads a setting, falling back to its reference value when the row is missing. */
export async function readSetting<T>(q: Queryable, def: SettingDefinition<T>): Promise<T> {
  const [row] = await q.select({ value: settings.value }).from(settings).where(eq(settings.key, def.key));
  return row ? def.schema.parse(row.value) : def.reference;
}

/** Stores the reference value unless an operator already set one. */
export async function seedSetting<T>(q: Queryable, def: SettingDefinition<T>): Promise<void> {
  await q.insert(settings).values({ key: def.key, value: def.reference }).onConflictDoNothing();
}

export async function writeSetting<T>(q: Queryable, def: SettingDefinition<T>, value: T): Promise<void> {
  const parsed = def.schema.parse(value);
  await q
    .insert(settings)
    .values({ key: def.key, value: parsed })
    .onConflictDoUpdate({ target: settings.key, set: { value: parsed, updatedAt: new Date() } });
}

/** Writes a setting's new value and answers it with the value it replaced (for the audit row). */
export async function replaceSetting<T>(
  q: Queryable,
  def: SettingDefinition<T>,
  value: T,
): Promise<{ before: T; after: T }> {
  const before = await readSetting(q, def);
  await writeSetting(q, def, value);
  return { before, after: value };
}
