import type { ErrorCode, FieldIssue } from '@shared/api/errors';

/** An error that carries its HTTP status; the handler factory turns it into the one error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message: string, details?: FieldIssue[]) {
    super(400, 'VALIDATION_ERROR', message, details);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Authentication required') {
    super(401, 'UNAUTHORIZED', message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have access to this resource') {
    super(403, 'FORBIDDEN', message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, 'NOT_FOUND', message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, 'CONFLICT', message);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message = 'Request body too large') {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    /** Seconds until the caller may try again: the `Retry-After` header. */
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'TOO_MANY_REQUESTS', message);
  }
}

/** An upstream system failed: the message says which, never what it answered. */
export class BadGatewayError extends HttpError {
  constructor(message: string) {
    super(502, 'BAD_GATEWAY', message);
  }
}

/** An upstream system did not answer in time. */
export class GatewayTimeoutError extends HttpError {
  constructor(message: string) {
    super(504, 'GATEWAY_TIMEOUT', message);
  }
}
