/** One field's problem in a form (openapi Problem.errors[]). */
export interface FieldError {
  field: string;
  message: string;
}

/** The error body of every 4xx/5xx answer: { status, title, message, errors? } (openapi Problem). */
export interface Problem {
  status: number;
  title: string;
  message: string;
  errors?: FieldError[];
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function statusTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Error');
}

/** Thrown by handlers and rules; the error handler turns it into a Problem body. */
export class HttpError extends Error {
  /** Field-level problems of a form, each with the spec's message for that field. */
  readonly errors?: FieldError[];

  constructor(
    readonly status: number,
    message: string,
    options?: ErrorOptions & { errors?: FieldError[] },
  ) {
    super(message, options);
    if (options?.errors?.length) this.errors = options.errors;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const unauthorized = (message: string) => new HttpError(401, message);

export function problem(status: number, message: string, errors?: FieldError[]): Problem {
  return errors?.length ? { status, title: statusTitle(status), message, errors } : { status, title: statusTitle(status), message };
}
