import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Quote } from '../../../contract/pricing';
import type { SettingsAnswer, StoreSettings } from '../../../contract/settings';
import type { StoreInfo } from '../../../contract/store';
import { buildApp } from '../../app';
import { insertProduct } from '../../test/fixtures';
import { type StoreApp, testConfig } from '../../test/harness';
import { postgresOnly } from '../../test/postgres-only';
import { signUp, type TestSession, uniqueEmail } from '../../test/sessions';
import { as } from '../../test/store-flow';
import { type Database, openPostgres } from '../db/database';

/**
 * Two instances of the store, each with its own connection pool, on one PostgreSQL database, as
 * behind a load balancer: the owner saves a setting on one, and the other prices with it as soon
 * as PostgreSQL's notification reaches it, without a restart. The test waits for that state (the
 * other instance's settings taking the new value), never for a time.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

postgresOnly(
  'settings on two instances of one PostgreSQL (needs TEST_DATABASE_URL)',
  { timeout: 60_000 },
  () => {
    const name = `store_settings_${randomBytes(6).toString('hex')}`;
    const adminEmail = uniqueEmail('owner');
    let first: Database;
    let second: Database;
    let a: StoreApp;
    let b: StoreApp;
    let owner: TestSession;

    beforeAll(async () => {
      const creator = new pg.Client({ connectionString: serverUrl });
      await creator.connect();
      await creator.query(`create database ${name}`);
      await creator.end();
      const url = new URL(serverUrl as string);
      url.pathname = `/${name}`;
      first = openPostgres(url.toString(), 4);
      second = openPostgres(url.toString(), 4);
      await first.migrate();
      const config = testConfig({ auth: { ...testConfig().auth, adminEmails: [adminEmail] } });
      a = await buildApp(config, first);
      b = await buildApp(config, second);
      owner = await signUp(a, { email: adminEmail, name: 'Store Owner' });
    }, 60_000);

    afterAll(async () => {
      await a?.close();
      await b?.close();
      await first?.close();
      await second?.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });

    /** Resolves once `app`'s settings in force satisfy `holds`: the moment it would price with them. */
    const settingsOn = (app: StoreApp, holds: (s: StoreSettings) => boolean) =>
      new Promise<void>((resolve) => {
        if (holds(app.settings.current())) return resolve();
        const stop = app.settings.subscribe((snapshot) => {
          if (!holds(snapshot.settings)) return;
          stop();
          resolve();
        });
      });

    const save = async (app: StoreApp, section: keyof StoreSettings, change: (v: never) => unknown) => {
      const now = (
        await app.inject({ method: 'GET', url: '/api/settings', headers: as(owner) })
      ).json() as SettingsAnswer;
      const res = await app.inject({
        method: 'PUT',
        url: `/api/settings/${section}`,
        headers: as(owner),
        payload: { value: change(now.settings[section] as never), revision: now.sections[section].revision },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    it("prices the other instance's next quote with the express rate the owner saved on this one", async () => {
      const product = await insertProduct(first.db, {
        priceCents: 3000,
        availableQuantity: 20,
        minimumOrderQuantity: 1,
      });
      const expressOn = async (app: StoreApp) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/cart/quote',
          payload: { lines: [{ productId: product.id, quantity: 1 }], shippingMethod: 'express' },
        });
        return (res.json() as Quote).totals.shippingCents;
      };
      expect(await expressOn(b)).toBe(1999);

      const heard = settingsOn(b, (s) => s.shipping.expressCents === 2649);
      await save(a, 'shipping', (s: StoreSettings['shipping']) => ({ ...s, expressCents: 2649 }));
      expect(await expressOn(a)).toBe(2649);
      await heard;
      expect(await expressOn(b)).toBe(2649);
    });

    it("shows the name saved on the other instance in this one's store details", async () => {
      const heard = settingsOn(a, (s) => s.store.brand === 'Rotor Row');
      await save(b, 'store', (s: StoreSettings['store']) => ({ ...s, brand: 'Rotor Row' }));
      await heard;
      const store = (await a.inject({ method: 'GET', url: '/api/store' })).json() as StoreInfo;
      expect(store.brand).toBe('Rotor Row');
    });

    it('holds for approval, on the other instance, every review once the owner asks it on this one', async () => {
      const writer = await signUp(a, { name: 'Rae Reviewer' });
      const post = async (app: StoreApp, comment: string) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/review',
          headers: as(writer),
          payload: { comment, ratings: 5 },
        });
        expect(res.statusCode, res.body).toBe(201);
        return (res.json() as { status: string }).status;
      };
      await save(a, 'reviews', (s: StoreSettings['reviews']) => ({ ...s, hold: 'none' }));
      await settingsOn(b, (s) => s.reviews.hold === 'none');
      expect(await post(b, 'Shown at once.')).toBe('published');

      const heard = settingsOn(b, (s) => s.reviews.hold === 'all');
      await save(a, 'reviews', (s: StoreSettings['reviews']) => ({ ...s, hold: 'all' }));
      await heard;
      expect(await post(b, 'Waits for a manager.')).toBe('held');
    });
  },
);
