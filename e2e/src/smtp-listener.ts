import { createServer, type Server, type Socket } from 'node:net';

/**
 * A mail server that takes every mail and keeps only its recipients: the least of the SMTP dialogue
 * a client without encryption or login needs (greeting, EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP,
 * QUIT). For journeys that start with the shop's mail server down and bring it up on its port.
 */
export interface SmtpListener {
  /** Recipients of every mail taken, in order. */
  readonly received: string[];
  close(): Promise<void>;
}

export async function startSmtpListener(port: number): Promise<SmtpListener> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let recipients: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          const atStart = buffer.startsWith('.\r\n');
          if (end < 0 && !atStart) return;
          buffer = atStart ? buffer.slice(3) : buffer.slice(end + 5);
          inData = false;
          received.push(...recipients);
          recipients = [];
          reply('250 OK: queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO' || verb === 'MAIL' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'RSET') {
          recipients = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('502 Command not implemented');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
