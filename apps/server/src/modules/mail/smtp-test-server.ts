import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as a real SMTP relay received it: the SMTP envelope and the parsed message. */
interface ReceivedMail {
  envelope: { from: string; to: string[] };
  message: ParsedMail;
}

export interface SmtpTestServer {
  url: string;
  received: ReceivedMail[];
  /** While set, every MAIL FROM is refused with this temporary error (451). */
  rejectWith: string | undefined;
  /** Milliseconds the server takes to accept each message (a slow relay). */
  delayMs: number;
  close(): Promise<void>;
}

/**
 * A local SMTP relay for tests (devDependencies `smtp-server` + `mailparser`): plain SMTP on a
 * random port of 127.0.0.1, no authentication, no STARTTLS.
 */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const state: SmtpTestServer = {
    url: '',
    received: [],
    rejectWith: undefined,
    delayMs: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A reverse DNS lookup of 127.0.0.1 per connection costs ~150 ms on these machines.
    disableReverseLookup: true,
    onMailFrom(_address, _session, callback) {
      if (!state.rejectWith) return callback();
      callback(Object.assign(new Error(state.rejectWith), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (message) => {
          if (state.delayMs) await sleep(state.delayMs);
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          state.received.push({ envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) }, message });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
