/** What the store says about itself; the settings pages invalidate it (the policies too). */
export const storeKeys = {
  all: ['store'] as const,
  policies: ['store', 'policies'] as const,
};
