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

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
