import net, { type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from './mailer';

/**
 * SMTP servers that misbehave mid-conversation (docs/decisions/072): every failure reaches the
 * mailer's promise, which the outbox retries; none is left as an 'error' event nobody hears (the
 * test runner would report it). nodemailer's transporter emits 'error' only for OAuth2 token
 * refreshes, which the store does not use.
 */

type Behaviour = (socket: Socket) => void;
const behaviours: Record<string, Behaviour> = {
  'hangs up at once': (socket) => socket.destroy(),
  'greets with noise': (socket) => socket.end('this is not SMTP\r\n'),
  'hangs up in the middle of the message': (socket) => {
    socket.write('220 mail.example ESMTP\r\n');
    let inData = false;
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n').filter(Boolean)) {
        if (inData) return socket.destroy();
        if (/^(EHLO|HELO)/i.test(line)) socket.write('250 mail.example\r\n');
        else if (/^(MAIL FROM|RCPT TO)/i.test(line)) socket.write('250 OK\r\n');
        else if (/^DATA/i.test(line)) {
          socket.write('354 go ahead\r\n');
          inData = true;
        }
      }
    });
  },
};

let server: net.Server;
let behaviour: Behaviour = () => {};
let url: string;

beforeAll(async () => {
  server = net.createServer((socket) => {
    socket.on('error', () => {});
    behaviour(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

describe('a mail handed to an SMTP server that misbehaves', () => {
  it.each(Object.keys(behaviours))('fails its own attempt when the server %s', async (name) => {
    behaviour = behaviours[name] as Behaviour;
    const send = smtpMailer({ url, from: 'Torque Works <shop@example.com>' });
    await expect(
      send({
        id: `mail-${name}`,
        to: 'buyer@example.com',
        subject: 'Your order',
        html: '<p>Thanks</p>',
        text: 'Thanks',
      }),
    ).rejects.toThrow();
  });
});
