import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signUpOverHttp } from '../../test/http-client';
import { postgresOnly } from '../../test/postgres-only';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-postgres';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { STRONG_PASSWORD, uniqueEmail } from '../../test/sessions';

/**
 * Two real store processes on one PostgreSQL, as behind a load balancer: every limit is one budget
 * for both, however an attacker spreads requests between them. Measured before the limits moved
 * into the database: 19 password guesses went through against a limit of 10.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

postgresOnly(
  'limits across two instances on one PostgreSQL (needs TEST_DATABASE_URL)',
  { timeout: 300_000 },
  () => {
    let scratch: ScratchDatabase | undefined;
    const dirs: string[] = [];
    const instances: ServerProcess[] = [];
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      scratch = await createScratchDatabase(serverUrl as string, 'store_limits');
      const uploadsDir = mkdtempSync(path.join(tmpdir(), 'store-limits-uploads-'));
      const dataDir = mkdtempSync(path.join(tmpdir(), 'store-limits-data-'));
      dirs.push(uploadsDir, dataDir);
      const env = {
        DATABASE_URL: scratch.url,
        UPLOADS_DIR: uploadsDir,
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        WEB_DIST_DIR: '/nonexistent-web-build',
        AUTH_RATE_LIMIT_PER_IP: '1000',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '4',
        AUTH_SLOW_DOWN_MS: '0',
        RATE_LIMIT_REVIEWS_PER_MINUTE: '3',
        RATE_LIMIT_CONTACT_PER_MINUTE: '3',
      };
      const started = await Promise.allSettled([startServerProcess({ env }), startServerProcess({ env })]);
      for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
      const failed = started.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      [a, b] = instances as [ServerProcess, ServerProcess];
    }, 600_000);

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await scratch?.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    const both = () => [a, b] as const;

    it('password guesses alternated between the instances meet one budget', async () => {
      const owner = await signUpOverHttp(a.url, { name: 'Guessed At' });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const target = both()[i % 2] as ServerProcess;
        const answer = await call(target.url, 'POST', '/api/auth/sign-in/email', {
          json: { email: owner.email, password: 'Wrong#pass1' },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
    });

    it('reviews by one user and contact messages from one address meet one budget each', async () => {
      const me = await signUpOverHttp(b.url, { email: uniqueEmail('reviewer'), password: STRONG_PASSWORD });
      const reviews: number[] = [];
      for (let i = 0; i < 5; i++) {
        const target = both()[i % 2] as ServerProcess;
        const answer = await call(target.url, 'POST', '/api/review', {
          session: me,
          via: i % 2 ? 'bearer' : 'cookie',
          json: { comment: 'Good', ratings: 5 },
        });
        reviews.push(answer.status);
      }
      expect(reviews).toEqual([201, 201, 201, 429, 429]);

      const contacts: number[] = [];
      for (let i = 0; i < 5; i++) {
        const target = both()[i % 2] as ServerProcess;
        const answer = await call(target.url, 'POST', '/api/contact', {
          json: { email: 'a@example.com', name: 'A', message: 'Hello' },
        });
        contacts.push(answer.status);
      }
      expect(contacts).toEqual([201, 201, 201, 429, 429]);
    });
  },
);
