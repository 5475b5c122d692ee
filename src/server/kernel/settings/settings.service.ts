import { eq, sql } from 'drizzle-orm';
import type { FieldIssue } from '../../../contract/errors';
import {
  SETTINGS_CHANGED,
  type SettingsSection,
  type StoreSettings,
  sectionSchemas,
} from '../../../contract/settings';
import { recordAudit } from '../audit';
import type { Db } from '../db';
import { settingsSections as settingsTable } from '../db';
import { AppError } from '../errors';
import { loadSettings, type SettingsSnapshot } from './settings-read';

/** Who changes a setting, and from where (the audit row's actor and address). */
export interface SettingsActor {
  userId: string;
  ip: string;
}

export interface SettingsChange<S extends SettingsSection = SettingsSection> {
  section: S;
  before: StoreSettings[S];
  after: StoreSettings[S];
  /** False when the value sent was the one in force: nothing was written. */
  changed: boolean;
}

/** A section's value checked against its own schema; its issues point into `value`. */
function parseSection<S extends SettingsSection>(section: S, value: unknown): StoreSettings[S] {
  const parsed = sectionSchemas[section].safeParse(value);
  if (parsed.success) return parsed.data as StoreSettings[S];
  const issues: FieldIssue[] = parsed.error.issues.map((issue) => ({
    path: ['value', ...issue.path].join('.'),
    message: issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Check the settings', issues);
}

/**
 * Saves one section in one transaction that knows its value before and after. The section is
 * locked (an advisory lock: a section never saved has no row to lock), then the revision the
 * owner's form started from is compared with the stored one: a save made meanwhile by someone
 * else is refused, never overwritten unseen. The commit announces the change to every instance.
 */
export async function saveSection<S extends SettingsSection>(
  db: Db,
  defaults: StoreSettings,
  section: S,
  input: { value: unknown; revision: number },
  actor: SettingsActor,
): Promise<SettingsChange<S>> {
  const after = parseSection(section, input.value);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`settings:${section}`}, 0))`);
    const [row] = await tx.select().from(settingsTable).where(eq(settingsTable.section, section));
    if ((row?.revision ?? 0) !== input.revision) throw new AppError('CONFLICT', SETTINGS_CHANGED);
    const before = (await loadSettings(tx, defaults)).settings[section];
    // A save that changes nothing writes nothing (and has nothing to record).
    if (JSON.stringify(before) === JSON.stringify(after)) return { section, before, after, changed: false };
    await tx
      .insert(settingsTable)
      .values({ section, value: after, revision: 1, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: settingsTable.section,
        set: {
          value: after,
          revision: sql`${settingsTable.revision} + 1`,
          updatedAt: sql`now()`,
          updatedBy: actor.userId,
        },
      });
    // Recorded in the change's own transaction: a save that rolls back leaves no row.
    await recordAudit(tx, {
      action: 'setting.updated',
      subjectType: 'setting',
      subjectId: section,
      before,
      after,
    });
    return { section, before, after, changed: true };
  });
}

export type { SettingsSnapshot };
