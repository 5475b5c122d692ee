import {
  type SettingsAnswer,
  type SettingsSection,
  type StoreSettings,
  sectionSchemas,
  settingsSections,
} from '../../../contract/settings';
import type { Db, Tx } from '../db';
import { settingsSections as settingsTable } from '../db';

/** The settings in force, and for each section its revision (0: never saved) and when it was saved. */
export interface SettingsSnapshot {
  settings: StoreSettings;
  sections: Record<SettingsSection, { revision: number; updatedAt: Date | null }>;
}

/**
 * Reads every saved section over the defaults, in one statement. A stored value that no longer
 * fits its section's schema (written by an older or newer version of the store) is left out, so
 * the section falls back to its default instead of breaking every price.
 */
export async function loadSettings(db: Db | Tx, defaults: StoreSettings): Promise<SettingsSnapshot> {
  const rows = await db.select().from(settingsTable);
  const settings: Record<string, unknown> = { ...defaults };
  const sections = Object.fromEntries(
    settingsSections.map((s) => [s, { revision: 0, updatedAt: null }]),
  ) as SettingsSnapshot['sections'];
  for (const row of rows) {
    if (!(settingsSections as readonly string[]).includes(row.section)) continue;
    const section = row.section as SettingsSection;
    const parsed = sectionSchemas[section].safeParse(row.value);
    if (parsed.success) settings[section] = parsed.data;
    sections[section] = { revision: row.revision, updatedAt: row.updatedAt };
  }
  return { settings: settings as StoreSettings, sections };
}

export const toSettingsAnswer = (snapshot: SettingsSnapshot): SettingsAnswer => ({
  settings: snapshot.settings,
  sections: Object.fromEntries(
    Object.entries(snapshot.sections).map(([section, s]) => [
      section,
      { revision: s.revision, updatedAt: s.updatedAt?.toISOString() ?? null },
    ]),
  ) as SettingsAnswer['sections'],
});
