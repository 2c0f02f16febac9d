/**
 * A business rule said no (insufficient balance, ticket not deletable...). Domain code
 * throws it without knowing HTTP; the API answers with `status` and the message as is.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: 400 | 403 | 404 | 409 | 422 | 423 | 429 = 422,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
