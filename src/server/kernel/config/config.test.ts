import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { storeDefaults } from './store-defaults';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'store-config-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function storeFile(contents: unknown): string {
  fileCount += 1;
  const file = path.join(dir, `store-${fileCount}.json`);
  writeFileSync(file, typeof contents === 'string' ? contents : JSON.stringify(contents));
  return file;
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    // Only the foundation's settings: other modules add their own sections beside these.
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      databasePoolSize: 10,
      dataDir: path.resolve('./data'),
      pgliteSharedBuffers: '16MB',
      seedDemoData: true,
      logLevel: 'info',
      webDistDir: path.resolve('./dist/web'),
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.store).toEqual(storeDefaults);
    expect(config.store.brand).toBe('TorqueWorks');
    expect(config.store.wordmark).toBe('Torque Works');
  });

  it('reads PORT and the other settings from the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://store@db.internal:5432/store',
      DATABASE_POOL_SIZE: '25',
      DATA_DIR: '/var/lib/store',
      PGLITE_SHARED_BUFFERS: '256MB',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: 'build/web',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://store@db.internal:5432/store',
      databasePoolSize: 25,
      dataDir: '/var/lib/store',
      pgliteSharedBuffers: '256MB',
      seedDemoData: false,
      logLevel: 'warn',
      webDistDir: path.resolve('build/web'),
    });
  });

  it('sends mail through SMTP only with both SMTP_URL and MAIL_FROM; neither keeps mail in the Mailbox', () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(
      loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.com:587', MAIL_FROM: 'Shop <shop@example.com>' })
        .smtp,
    ).toEqual({ url: 'smtp://user:pass@mail.example.com:587', from: 'Shop <shop@example.com>' });
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow('SMTP_URL and MAIL_FROM');
    expect(() => loadConfig({ MAIL_FROM: 'shop@example.com' })).toThrow('SMTP_URL and MAIL_FROM');
    expect(() => loadConfig({ SMTP_URL: 'not a url', MAIL_FROM: 'shop@example.com' })).toThrow('SMTP_URL');
  });

  it('accepts PORT=0 (a free port chosen by the system)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each(['abc', '70000', '-1', '3.5'])('refuses PORT=%s with a message naming PORT', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/Invalid configuration:[\s\S]*\bPORT\b/);
  });

  it.each([
    ['DATABASE_URL', 'not a url'],
    ['SEED_DEMO_DATA', 'yes'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_POOL_SIZE', '0'],
    ['PGLITE_SHARED_BUFFERS', '16'],
  ])('refuses an invalid %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('takes STORE_NAME and STORE_WORDMARK over the defaults without changing the defaults', () => {
    const config = loadConfig({ STORE_NAME: 'Acme', STORE_WORDMARK: 'Acme Auto Parts' });
    expect(config.store.brand).toBe('Acme');
    expect(config.store.wordmark).toBe('Acme Auto Parts');
    expect(config.store.contact).toEqual(storeDefaults.contact);
    expect(storeDefaults.brand).toBe('TorqueWorks');
    expect(loadConfig({}).store.brand).toBe('TorqueWorks');
  });

  describe('STORE_CONFIG', () => {
    it('merges partial contact and portfolio overrides over the defaults', () => {
      const file = storeFile({
        wordmark: 'Pit Lane Parts',
        contact: { email: 'desk@pitlane.example' },
        portfolio: { name: 'Jo Mechanic', projects: [] },
      });
      const { store } = loadConfig({ STORE_CONFIG: file });
      expect(store).toEqual({
        brand: storeDefaults.brand,
        wordmark: 'Pit Lane Parts',
        contact: { ...storeDefaults.contact, email: 'desk@pitlane.example' },
        portfolio: { ...storeDefaults.portfolio, name: 'Jo Mechanic', projects: [] },
      });
      // The defaults object is shared by every load: an override must not leak into it.
      expect(storeDefaults.contact.email).toBe('hello@torqueworks.example');
      expect(storeDefaults.portfolio.projects.length).toBeGreaterThan(0);
    });

    it('lets STORE_NAME win over the file', () => {
      const file = storeFile({ brand: 'From File' });
      expect(loadConfig({ STORE_CONFIG: file }).store.brand).toBe('From File');
      expect(loadConfig({ STORE_CONFIG: file, STORE_NAME: 'From Env' }).store.brand).toBe('From Env');
    });

    it('treats an empty object as "keep every default"', () => {
      expect(loadConfig({ STORE_CONFIG: storeFile({}) }).store).toEqual(storeDefaults);
    });

    it('names the file when it cannot be read', () => {
      const missing = path.join(dir, 'missing.json');
      expect(() => loadConfig({ STORE_CONFIG: missing })).toThrow(
        `STORE_CONFIG: cannot read ${missing} as JSON`,
      );
    });

    it('names the path when it is a directory, not a file', () => {
      expect(() => loadConfig({ STORE_CONFIG: dir })).toThrow(`STORE_CONFIG: cannot read ${dir} as JSON`);
    });

    it('names the file when it is not JSON', () => {
      const file = storeFile('{ brand: "unquoted keys" ');
      expect(() => loadConfig({ STORE_CONFIG: file })).toThrow(`STORE_CONFIG: cannot read ${file} as JSON`);
    });

    it.each([
      ['a wrong type', { brand: 42 }, 'brand'],
      ['a wrong nested type', { contact: { email: ['a@b.com'] } }, 'email'],
      ['a string for a list', { portfolio: { bio: 'One line' } }, 'bio'],
      ['a project without its fields', { portfolio: { projects: [{ title: 'Only a title' }] } }, 'url'],
    ])('says the file is not valid for %s, naming the field', (_label, contents, field) => {
      const file = storeFile(contents);
      let message = '';
      try {
        loadConfig({ STORE_CONFIG: file });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain(`STORE_CONFIG: ${file} is not valid`);
      expect(message).toContain(field);
    });

    it('refuses a file holding something other than an object', () => {
      for (const contents of ['[]', '"TorqueWorks"', 'null']) {
        const file = storeFile(contents);
        expect(() => loadConfig({ STORE_CONFIG: file })).toThrow(`STORE_CONFIG: ${file} is not valid`);
      }
    });
  });
});
