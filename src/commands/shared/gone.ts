// When an answer says that the resource asked for no longer exists. Only the resource's own
// answer counts: a 404 from a wrong base URL, a proxy's page or a route the server lacks says
// nothing about the resource, so a wait for a deletion or a watch must not take it for one.
import { GwctlError } from '../../core/errors.js';

/** The intern's own 404: the interns error envelope with reason not_found. */
export function isInternGone(error: unknown): boolean {
  return error instanceof GwctlError && error.status === 404 && error.reason === 'not_found';
}

/** The batch's own answer that it is gone: the batch service's 404 "Batch not found.", or the 410 past its retention. */
export function isBatchGone(error: unknown): boolean {
  if (!(error instanceof GwctlError) || error.code === undefined || Number(error.code) !== error.status) return false;
  if (error.status === 410) return true;
  return error.status === 404 && /^batch not found\.?$/i.test(error.message.trim());
}
