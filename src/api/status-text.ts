// The standard words for the statuses this tool meets: in error messages and in `gwctl api -i`.
// A module of its own (no imports), so naming a status loads nothing.

const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** `OK` for 200; undefined for a status without standard words here. */
export function reasonPhrase(status: number): string | undefined {
  return Object.hasOwn(REASONS, status) ? REASONS[status] : undefined;
}
