// The part of sql.js (SQLite in WebAssembly, a development dependency) the vehicle extract uses.
declare module 'sql.js' {
  type Value = number | string | Uint8Array | null;
  interface Database {
    exec(sql: string): Array<{ columns: string[]; values: Value[][] }>;
    close(): void;
  }
  interface SqlJsStatic {
    Database: new (data?: Uint8Array) => Database;
  }
  export default function initSqlJs(config?: object): Promise<SqlJsStatic>;
}
