import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';
import { signUp, uniqueEmail } from '../../test/sessions';
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ auth: { ...testConfig().auth, rateLimit: { perIp: 1000, perAccount: 1, windowSeconds: 600 } } }); });
afterAll(() => t.close());
it('probe', async () => {
  const s = await signUp(t.app, { email: 'Mixed.Case' + Date.now() + '@Example.com' });
  console.log(s.email);
  for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-in/email/', '/api/auth/sign-in/%65mail', '/api/auth/Sign-In/Email', '/api/auth//sign-in/email', '/api/auth/sign-in/email?x=1', '/api/auth/sign-in/./email', '/api/auth/x/../sign-in/email']) {
    const r = await t.app.inject({ method: 'POST', url, payload: { email: s.email.toUpperCase(), password: 'Spanner#42' } });
    console.log(url, r.statusCode, r.body.slice(0, 100));
  }
  const role = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', remoteAddress: '9.9.9.9', payload: { email: uniqueEmail(), name: 'X', password: 'Spanner#42', role: 'admin' } });
  console.log('role', role.statusCode, role.body);
  const upd = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { cookie: s.cookie, origin: 'http://localhost' }, payload: { role: 'admin' } });
  console.log('upd', upd.statusCode, upd.body);
  const upd2 = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { authorization: 'Bearer ' + s.token }, payload: { role: 'admin' } });
  console.log('upd2', upd2.statusCode, upd2.body);
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: s.cookie } });
  console.log('me', me.statusCode, me.body);
  const bad = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', remoteAddress: '9.9.9.8', payload: { email: 'x a@bc.com', name: 'X', password: 'Spanner#42' } });
  console.log('bad', bad.statusCode, bad.body);
});
