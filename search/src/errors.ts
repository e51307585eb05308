/** Errors that become Algolia-shaped `{"message","status"}` responses. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers sent with the answer (Retry-After on 429 and 503). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A bad search parameter: always a 400, never a 5xx (5xx makes clients retry other hosts). */
export class ParamError extends ApiError {
  constructor(message: string) {
    super(400, message);
    this.name = 'ParamError';
  }
}
