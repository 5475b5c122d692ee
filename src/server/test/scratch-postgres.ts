import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** Connection string of the new, empty database (no tables: the store migrates it itself). */
  url: string;
  name: string;
  /** Drops it, closing whatever connections are still open to it. */
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the PostgreSQL server named by `serverUrl` (any database on it: only the
 * server is used), so runs never see each other's data and real store processes can share it.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
