import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '../../../contract/contact';
import type { ErrorEnvelope } from '../../../contract/errors';
import { contactMessages } from '../../kernel/db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = { email: 'Driver@Example.com', name: 'Dana Driver', message: 'Do you stock 10 mm sockets?' };

const post = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object });

const storedCount = async () => {
  const [row] = await t.database.db.select({ n: count() }).from(contactMessages);
  return row?.n ?? 0;
};

const rowById = async (id: string) => {
  const rows = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
  expect(rows).toHaveLength(1);
  return rows[0] as typeof contactMessages.$inferSelect;
};

/** Sends a request that must be refused, and checks the envelope and that nothing was stored. */
async function expectRefused(
  send: () => ReturnType<typeof post>,
  status: number,
  code: ErrorEnvelope['error']['code'],
): Promise<ErrorEnvelope['error']> {
  const before = await storedCount();
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as ErrorEnvelope;
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(await storedCount()).toBe(before);
  return body.error;
}

describe('POST /api/contact', () => {
  it('stores a valid message and answers 201 with its id', async () => {
    const before = await storedCount();
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json() as { insertedId: string };
    expect(Object.keys(body)).toEqual(['insertedId']);
    expect(await storedCount()).toBe(before + 1);

    const row = await rowById(body.insertedId);
    expect(row.id).toBe(body.insertedId);
    expect(row.email).toBe('driver@example.com');
    expect(row.name).toBe('Dana Driver');
    expect(row.message).toBe('Do you stock 10 mm sockets?');
  });

  it('stores the trimmed values', async () => {
    const res = await post({ email: '  Someone@Garage.io ', name: '  Sam  ', message: '\n Hello there. \n' });
    expect(res.statusCode).toBe(201);
    const row = await rowById(res.json().insertedId);
    expect(row).toMatchObject({ email: 'someone@garage.io', name: 'Sam', message: 'Hello there.' });
  });

  it.each([
    'first.last@mail.co.uk',
    'first.last+shop@mail.com',
    'o.brien-2@garage.io',
    'UPPER.CASE@EXAMPLE.ORG',
  ])('accepts the real-world email %s', async (email) => {
    const res = await post({ ...valid, email });
    expect(res.statusCode).toBe(201);
    expect((await rowById(res.json().insertedId)).email).toBe(email.toLowerCase());
  });

  it('accepts a name and a message exactly at their length limits', async () => {
    const name = 'n'.repeat(CONTACT_NAME_MAX);
    const message = 'm'.repeat(CONTACT_MESSAGE_MAX);
    const res = await post({ ...valid, name, message });
    expect(res.statusCode).toBe(201);
    expect(await rowById(res.json().insertedId)).toMatchObject({ name, message });
  });

  it('ignores extra fields instead of storing them', async () => {
    const chosenId = '00000000-0000-4000-8000-000000000001';
    const res = await post({
      ...valid,
      id: chosenId,
      _id: chosenId,
      createdAt: '2000-01-01T00:00:00.000Z',
      isAdmin: true,
    });
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json() as { insertedId: string };
    expect(insertedId).not.toBe(chosenId);
    const row = await rowById(insertedId);
    expect(Object.keys(row).sort()).toEqual([
      'createdAt',
      'email',
      'handledAt',
      'id',
      'message',
      'name',
      'readAt',
    ]);
    expect(row).toMatchObject({ readAt: null, handledAt: null });
    expect(row.createdAt.getUTCFullYear()).not.toBe(2000);
    const chosen = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, chosenId));
    expect(chosen).toEqual([]);
  });

  describe('refuses bad input with 400, the field and the contract message, storing nothing', () => {
    const long = (n: number) => 'x'.repeat(n);
    it.each<[string, unknown, Array<[string, string]>]>([
      [
        'an empty object',
        {},
        [
          ['email', 'Email is Required'],
          ['name', 'Name is Required'],
          ['message', 'Message is Required'],
        ],
      ],
      ['a missing email', { name: valid.name, message: valid.message }, [['email', 'Email is Required']]],
      ['a missing name', { email: valid.email, message: valid.message }, [['name', 'Name is Required']]],
      ['a missing message', { email: valid.email, name: valid.name }, [['message', 'Message is Required']]],
      [
        'empty strings',
        { email: '', name: '', message: '' },
        [
          ['email', 'Email is Required'],
          ['name', 'Name is Required'],
          ['message', 'Message is Required'],
        ],
      ],
      [
        'whitespace-only strings',
        { email: '   ', name: ' \t ', message: '\n\n' },
        [
          ['email', 'Email is Required'],
          ['name', 'Name is Required'],
          ['message', 'Message is Required'],
        ],
      ],
      ['a number for the name', { ...valid, name: 42 }, [['name', 'Name is Required']]],
      ['null for the message', { ...valid, message: null }, [['message', 'Message is Required']]],
      ['an array for the email', { ...valid, email: ['a@b.com'] }, [['email', 'Email is Required']]],
      ['an email without @', { ...valid, email: 'not-an-email' }, [['email', 'Provide a valid Email']]],
      ['an email without a domain', { ...valid, email: 'driver@' }, [['email', 'Provide a valid Email']]],
      [
        'words with no address in them',
        { ...valid, email: 'not an email' },
        [['email', 'Provide a valid Email']],
      ],
      [
        'an email over 254 characters',
        { ...valid, email: `${long(246)}@mail.com` },
        [['email', 'Email must be 254 characters or fewer']],
      ],
      [
        `a name over ${CONTACT_NAME_MAX} characters`,
        { ...valid, name: long(CONTACT_NAME_MAX + 1) },
        [['name', `Name must be ${CONTACT_NAME_MAX} characters or fewer`]],
      ],
      [
        `a message over ${CONTACT_MESSAGE_MAX} characters`,
        { ...valid, message: long(CONTACT_MESSAGE_MAX + 1) },
        [['message', `Message must be ${CONTACT_MESSAGE_MAX} characters or fewer`]],
      ],
    ])('%s', async (_label, payload, expected) => {
      const error = await expectRefused(() => post(payload), 400, 'VALIDATION_FAILED');
      expect(error.issues).toBeDefined();
      const issues = error.issues ?? [];
      for (const [path, message] of expected) expect(issues).toContainEqual({ path, message });
      expect(new Set(issues.map((i) => i.path))).toEqual(new Set(expected.map(([path]) => path)));
      expect(error.message).toBe(issues[0]?.message);
    });

    it('a JSON array or a bare string instead of an object', async () => {
      for (const payload of ['[]', '"hello"', 'null']) {
        await expectRefused(
          () =>
            t.app.inject({
              method: 'POST',
              url: '/api/contact',
              headers: { 'content-type': 'application/json' },
              payload,
            }),
          400,
          'VALIDATION_FAILED',
        );
      }
    });
  });

  it('refuses a body over 64 KB with 413 PAYLOAD_TOO_LARGE', async () => {
    await expectRefused(() => post({ ...valid, message: 'x'.repeat(65 * 1024) }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses malformed JSON with the 400 envelope', async () => {
    const error = await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/contact',
          headers: { 'content-type': 'application/json' },
          payload: '{"email": "a@b.com", "name": ',
        }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.issues).toBeUndefined();
  });

  it('refuses an empty JSON body with the 400 envelope', async () => {
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/contact',
          headers: { 'content-type': 'application/json' },
          payload: '',
        }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it.each([
    ['application/x-www-form-urlencoded', 'email=a%40b.com&name=Al&message=Hi'],
    ['application/xml', '<contact><email>a@b.com</email></contact>'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.com\r\n--x--',
    ],
  ])('refuses the content type %s with 415 UNSUPPORTED_MEDIA_TYPE', async (type, payload) => {
    await expectRefused(
      () => t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': type }, payload }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('does not read JSON sent as text/plain', async () => {
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/contact',
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify(valid),
        }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
