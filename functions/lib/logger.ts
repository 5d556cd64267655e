import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The structured JSON logger of every function (DESIGN §4). Never log passwords, tokens or broker
 * secrets: pass identifiers, not request bodies.
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'deskline',
  logLevel: (process.env.POWERTOOLS_LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});
