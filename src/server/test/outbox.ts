import type { FastifyBaseLogger } from 'fastify';
import { outboxFor } from '../app';
import type { Config } from '../kernel/config/config';
import type { Db } from '../kernel/db/database';
import type { Outbox } from '../kernel/outbox/outbox';
import { defaultSettings } from '../kernel/settings/settings-defaults';
import type { SettingsStore } from '../kernel/settings/settings-store';
import { createSimulatedProvider } from '../modules/payments/simulated-provider';
import { writeSupplierFileRow } from '../modules/purchasing';
import { localImageStore } from '../modules/uploads/image-store';

const nothing = () => undefined;
/** A logger that says nothing. */
const quiet: FastifyBaseLogger = {
  level: 'silent',
  fatal: nothing,
  error: nothing,
  warn: nothing,
  info: nothing,
  debug: nothing,
  trace: nothing,
  silent: nothing,
  child: () => quiet,
};

/**
 * The outbox of a store with this configuration (its subscribers from the rooms' descriptors), for
 * tests and benches that call its services on a bare database without an app. Nothing is delivered: no job
 * runner reads the rows it queues.
 */
export function storeOutbox(db: Db, config: Config): Outbox {
  const defaults = defaultSettings(config);
  return outboxFor({
    db,
    config,
    log: quiet,
    payments: createSimulatedProvider(db),
    settings: { current: () => defaults } as SettingsStore,
    mailer: undefined,
    mail: { brand: defaults.store.brand, siteUrl: () => 'http://localhost' },
    secret: 'a test secret of enough length to sign links',
    images: localImageStore(config.uploads.dir),
    fetchImage: async (address) => address,
    writeSupplierRow: writeSupplierFileRow,
    stripe: undefined,
    now: () => undefined,
  });
}
