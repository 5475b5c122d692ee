/** Rating bounds, apart from the schemas so the home page can use them without zod. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
