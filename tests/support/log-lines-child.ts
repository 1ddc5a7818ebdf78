/**
 * Logs two lines through the process logger as the platform makes it (`readableLogs` from
 * NODE_ENV and whether stdout is a terminal), then exits. Usage: node --import tsx log-lines-child.ts
 */
import { createLogger, readableLogs } from '../../backend/infrastructure/logging/logger';

const logger = createLogger('info', undefined, { readable: readableLogs(process.env.NODE_ENV ?? 'development') });
logger.info({ port: 3000, password: 'hunter2' }, 'server listening');
logger.warn('slow request completed');
