// What gwctl adds to a 401 when the refused key came from the environment, as in most tests:
// the variable that gave it (src/config/credentials.ts, unauthorizedHint).
const VARIABLE = { management: 'GWCTL_MANAGEMENT_KEY', api: 'GWCTL_API_KEY' } as const;

/** The hint after a 401's message, with its leading "; ". */
export function envKeyHint(kind: 'management' | 'api'): string {
  const which = kind === 'api' ? 'API key' : 'management key';
  return `; the ${which} comes from ${VARIABLE[kind]}: set it to a valid key, or unset it to use the profile's`;
}

/** The same, only for a 401: the message of an error line after `HTTP <status>: `, with the hint where one is given. */
export function withEnvKeyHint(status: number, message: string, kind: 'management' | 'api'): string {
  return status === 401 ? `${message.replace(/\.$/, '')}${envKeyHint(kind)}` : message;
}
