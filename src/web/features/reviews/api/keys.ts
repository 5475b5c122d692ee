/** Reviews: posting one invalidates `all`, the store's list and every product's. */
export const reviewKeys = {
  all: ['reviews'] as const,
  ofTool: (toolId: string) => ['reviews', 'tool', toolId] as const,
};
