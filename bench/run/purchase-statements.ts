import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/kernel/config/config';
import { openPostgres } from '../../src/server/kernel/db/database';
import { insertProduct } from '../../src/server/test/fixtures';
import { statementsPerPurchase } from '../../src/server/test/purchase-cost';
import { createScratchDatabase } from '../../src/server/test/scratch-postgres';
import { signUp } from '../../src/server/test/sessions';

/** Statements (BEGIN and COMMIT included) one purchase sends PostgreSQL, after a first one warmed up. */
export async function purchaseStatements(serverUrl: string): Promise<number> {
  const scratch = await createScratchDatabase(serverUrl, 'torque_statements');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'torque-statements-'));
  const database = openPostgres(scratch.url, 4);
  try {
    await database.migrate();
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: '/nonexistent-web-build' }),
      seedDemoData: false,
    };
    const app = await buildApp(config, database);
    try {
      const buyer = await signUp(app, { name: 'Counted Buyer' });
      const product = await insertProduct(database.db, { availableQuantity: 1000, minimumOrderQuantity: 1 });
      await statementsPerPurchase(app, database, buyer, product.id);
      return (await statementsPerPurchase(app, database, buyer, product.id)).statements;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
