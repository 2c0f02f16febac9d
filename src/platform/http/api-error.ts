export type FieldError = { readonly field: string; readonly message: string };

/** The one error shape every API answer uses. */
export type ApiErrorBody = {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly fieldErrors?: readonly FieldError[];
  readonly requestId?: string;
};

/** Thrown by handlers for an error the caller can act on; mapped to its status as is. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: readonly FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class ValidationFailed extends ApiError {
  constructor(fieldErrors: readonly FieldError[], message = 'Some fields are not valid.') {
    super(400, 'VALIDATION_FAILED', message, fieldErrors);
  }
}

export class ConcurrentChange extends ApiError {
  constructor() {
    super(409, 'VERSION_CONFLICT', 'This record was changed by someone else at the same moment. Please try again.');
  }
}
