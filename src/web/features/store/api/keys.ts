/** What the store says about itself; the settings pages invalidate it. */
export const storeKeys = { all: ['store'] as const };
