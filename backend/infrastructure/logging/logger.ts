import pino, { type DestinationStream, type Logger } from 'pino';

/** Secrets that must never reach a log line, wherever they appear in a logged object. */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.passwordHash',
  '*.token',
  '*.resetToken',
  '*.sessionToken',
  '*.apiKey',
  '*.secret',
  'password',
  'passwordHash',
  'token',
  'apiKey',
  'secret',
];

/** Query parameters whose values are credentials (the reset link carries `token`). */
const SECRET_QUERY = /([?&](?:token|resetToken|access_token|api_key)=)[^&#]*/gi;

export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[Redacted]');

/**
 * Readable lines for a person at a terminal: `npm start` or `npm run dev` in development with
 * stdout a TTY. Everything else (production, tests, output to a file or a log collector) keeps
 * pino's JSON lines.
 */
export const readableLogs = (nodeEnv: string, terminal: { isTTY?: boolean } = process.stdout): boolean =>
  nodeEnv === 'development' && terminal.isTTY === true;

/** pino-pretty in pino's transport thread: time, level and message on one line, the fields after it. */
const readableTransport = {
  target: 'pino-pretty',
  options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service', singleLine: true },
};

/** The process's logger: JSON lines to `destination` (stdout), or readable lines with `readable` (see `readableLogs`). */
export function createLogger(level: string, destination?: DestinationStream, options: { readable?: boolean } = {}): Logger {
  const readable = options.readable === true && destination === undefined;
  return pino(
    {
      level,
      ...(readable ? { transport: readableTransport } : {}),
      base: { service: 'skilly' },
      redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
      serializers: {
        // fastify's request line, without credentials in the query string.
        req: (req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
          method: req.method,
          url: req.url ? redactUrl(req.url) : req.url,
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
