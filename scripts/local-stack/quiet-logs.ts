/*
 * Imported first by bin/local.ts: the handlers' request logs are JSON lines for CloudWatch; the local
 * console stays readable unless POWERTOOLS_LOG_LEVEL asks for them. It must run before any handler
 * module creates its logger.
 */
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
