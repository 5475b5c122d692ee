export { columnFromRole, roleFromColumn, STAFF_COLUMN_VALUES } from './account-roles';
export { ANY_TABLE, type ChangeFeed } from './change-feed';
export { type Database, type Db, openDatabase, type Tx } from './database';
export { isForeignKeyViolation, isUniqueViolation, pgErrorCode } from './pg-errors';
export { insertRow, preparedStatement, selectedRow, tableRow, updateRow } from './prepared';
export { rowsOf } from './rows';
export * from './schema';
export * as schema from './schema';
export { watchWhether } from './table-watch';
