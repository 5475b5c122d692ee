import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process: it accepts every mail, parses it, and keeps it for the
 * test to read. `stop()` takes it down (connections are then refused) and `start()` brings it back
 * on the same port, as an SMTP server that was down and came back.
 */
export interface SmtpCatcher {
  url: string;
  received: ParsedMail[];
  /** The addresses each mail was delivered to (SMTP RCPT TO), whatever its headers say; in order of `received`. */
  deliveredTo: string[][];
  stop(): Promise<void>;
  start(): Promise<void>;
  /** While on, every mail is refused with a temporary error (451), as a server in trouble answers. */
  refuse(on: boolean): void;
  /**
   * Holds the next mail at its recipient, before any of its content is sent, until `release()`:
   * a slow server. A client that hangs up meanwhile has sent nothing, and nothing is received.
   */
  holdNext(): { arrived: Promise<void>; release(): void };
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const received: ParsedMail[] = [];
  const deliveredTo: string[][] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  let refusing = false;
  let nextHold: { arrived(): void; released: Promise<void> } | undefined;
  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom(_address, _session, callback) {
        if (!refusing) return callback();
        const refusal = Object.assign(new Error('Requested action aborted: try again later'), {
          responseCode: 451,
        });
        callback(refusal);
      },
      onRcptTo(_address, _session, callback) {
        const hold = nextHold;
        nextHold = undefined;
        if (!hold) return callback();
        hold.arrived();
        void hold.released.then(() => callback());
      },
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push(mail);
            deliveredTo.push(session.envelope.rcptTo.map((recipient) => recipient.address));
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    const listening = server;
    // A client that hung up on a held mail is answered into a closed socket: not the test's concern.
    listening.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    port = (listening.server.address() as AddressInfo).port;
  };
  await start();
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    deliveredTo,
    start,
    refuse(on) {
      refusing = on;
    },
    holdNext() {
      let arrived!: () => void;
      let release!: () => void;
      const hold = {
        arrived: new Promise<void>((resolve) => {
          arrived = resolve;
        }),
        released: new Promise<void>((resolve) => {
          release = resolve;
        }),
      };
      nextHold = { arrived, released: hold.released };
      return { arrived: hold.arrived, release };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}
