export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable';
/** Seconds a client (or load balancer) should wait before trying again: another instance, or this one restarted. */
export const RETRY_AFTER_SECONDS = 5;

/** Errors a service throws to mean "tell the client this"; the error handler turns them into SPEC §8 JSON. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 400: the request is malformed or breaks a rule of its fields; `fields` names them for the form. */
export class BadRequestError extends HttpError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, message, fields);
  }
}

/** 401: who is asking is unknown, or their proof (password, code) is wrong. */
export class UnauthorizedError extends HttpError {
  constructor(message: string, fields?: Record<string, string>) {
    super(401, message, fields);
  }
}

/** 403: who is asking is known and may not do this. */
export class ForbiddenError extends HttpError {
  constructor(message: string, fields?: Record<string, string>) {
    super(403, message, fields);
  }
}

/** 404: no such thing, or one this person may not know exists. */
export class NotFoundError extends HttpError {
  constructor(message = 'Not found', fields?: Record<string, string>) {
    super(404, message, fields);
  }
}

/** 409: the thing's current state does not allow it (taken, already done, not pending). */
export class ConflictError extends HttpError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, message, fields);
  }
}

/** 410: it existed and is gone for good (an expired link). */
export class GoneError extends HttpError {
  constructor(message: string) {
    super(410, message);
  }
}

/** 413: the body or upload is larger than SPEC allows. */
export class PayloadTooLargeError extends HttpError {
  constructor(message: string, fields?: Record<string, string>) {
    super(413, message, fields);
  }
}

/** 429: too many tries; the handler sends Retry-After when the thrower knows when to try again. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message, fields);
  }
}

/** 502: a service we depend on (the payment provider) failed. */
export class BadGatewayError extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}
