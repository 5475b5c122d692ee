import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcPerson {
  sub: string;
  email: string;
  name: string;
}

/**
 * A local OpenID Connect provider standing in for Google and friends (we cannot reach them
 * offline). It approves every authorization at once and signs in as `person`.
 */
export async function startOidcProvider(person: OidcPerson) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuer;
  // Its default tokens carry only `sub`; add what a real provider says about the person.
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      sub: person.sub,
      email: person.email,
      email_verified: true,
      name: person.name,
    });
  });
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = { sub: person.sub, email: person.email, email_verified: true, name: person.name };
  });
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    stop: () => server.stop(),
  };
}
