import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUp, uniqueEmail } from '../../test/sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
it('probe', async () => {
  const email = uniqueEmail();
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, name: 'A', password: 'Spanner#42' },
  });
  console.log('signup', up.statusCode, up.headers, up.body);
  const dup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, name: 'A', password: 'Spanner#42' },
  });
  console.log('dup', dup.statusCode, dup.body);
  const wrong = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: 'Wrong#123' },
  });
  console.log('wrong', wrong.statusCode, wrong.body);
  const unknown = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: uniqueEmail(), password: 'Wrong#123' },
  });
  console.log('unknown', unknown.statusCode, unknown.body);
  const weak = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email: uniqueEmail(), name: 'A', password: 'abc' },
  });
  console.log('weak', weak.statusCode, weak.body);
  const s = await signUp(t.app);
  console.log(s);
  const out = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-out',
    headers: { cookie: s.cookie, origin: 'http://localhost' },
    payload: {},
  });
  console.log('out', out.statusCode, out.headers, out.body);
  const after = await t.app.inject({
    method: 'GET',
    url: `/api/admin/${s.email}`,
    headers: { authorization: `Bearer ${s.token}` },
  });
  console.log('after', after.statusCode, after.body);
});
