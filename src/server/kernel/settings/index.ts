import type { ModuleDescriptor } from '../jobs/module-descriptor';

/** The owner's settings, one row per section (decision 054). */
export const settingsModule: ModuleDescriptor = { name: 'kernel/settings', tables: ['settings_sections'] };
