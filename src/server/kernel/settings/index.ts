import type { ModuleDescriptor } from '../jobs';

/** The owner's settings, one row per section (decision 054). */
export const settingsModule: ModuleDescriptor = { name: 'kernel/settings', tables: ['settings_sections'] };

export { saveSection } from './settings.service';
export { defaultSettings } from './settings-defaults';
export { type OrderLimits, orderLimitsOf } from './settings-in-force';
export { loadSettings, toSettingsAnswer } from './settings-read';
export { createSettingsStore, type SettingsStore } from './settings-store';
