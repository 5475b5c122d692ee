const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids are UUIDs; anything else cannot name a row (and would be refused by the column's type), so a
 * caller treats it as simply not found.
 */
export const isUuid = (id: string) => UUID.test(id);
