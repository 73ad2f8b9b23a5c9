// The control API under /_sandbox, beside (not inside) /api/v1. It exists only in the sandbox,
// needs no key (the sandbox listens on loopback only), is never recorded and never faulted:
//   GET    /_sandbox               the ready line: base_url, keys, examples
//   GET    /_sandbox/faults        faults in force
//   POST   /_sandbox/faults        add one fault (JSON object) or several (array); 201
//   DELETE /_sandbox/faults        remove all faults
//   DELETE /_sandbox/faults/{id}   remove one
//   GET    /_sandbox/requests      requests received under /api/v1, oldest first
//   DELETE /_sandbox/requests      forget them
//   POST   /_sandbox/reset         back to the start: seeded state, start-up faults, empty log
//   GET    /_sandbox/changes       what churn changed (added, modified, deleted interns), oldest first
//   GET    /_sandbox/connections   connections accepted since the start
import { checkFaultSpec, FaultSpecError, type Fault, type FaultList } from './faults.js';
import { json, type Reply } from './http.js';
import type { Recorder } from './recorder.js';

export interface ControlTarget {
  faults: FaultList;
  recorder: Recorder;
  reset(): void;
  info(): unknown;
  changes(): unknown[];
  connections(): number;
}

function controlError(status: number, message: string): Reply {
  return json({ error: { code: status, message } }, status);
}

export function handleControl(target: ControlTarget, method: string, path: string, bodyText: string): Reply {
  const route = path.replace(/\/+$/, '') || '/_sandbox';
  if (route === '/_sandbox' && method === 'GET') return json(target.info());
  if (route === '/_sandbox/faults') {
    if (method === 'GET') return json({ data: target.faults.list() });
    if (method === 'DELETE') return json({ deleted: target.faults.clear() });
    if (method === 'POST') {
      let spec: unknown;
      try {
        spec = JSON.parse(bodyText);
      } catch {
        return controlError(400, 'the body must be a JSON fault object or an array of them');
      }
      try {
        if (Array.isArray(spec)) {
          // All or nothing: check every fault before adding any.
          spec.forEach((one) => checkFaultSpec(one));
          const added: Fault[] = spec.map((one) => target.faults.add(one as never));
          return json({ data: added }, 201);
        }
        return json({ data: target.faults.add(spec as never) }, 201);
      } catch (error) {
        if (error instanceof FaultSpecError) return controlError(400, error.message);
        throw error;
      }
    }
    return controlError(405, `${method} is not allowed on ${route}`);
  }
  const one = /^\/_sandbox\/faults\/(\d+)$/.exec(route);
  if (one) {
    if (method !== 'DELETE') return controlError(405, `${method} is not allowed on ${route}`);
    return target.faults.remove(Number(one[1])) ? json({ deleted: 1 }) : controlError(404, `no fault ${one[1]}`);
  }
  if (route === '/_sandbox/requests') {
    if (method === 'GET') return json({ data: target.recorder.list() });
    if (method === 'DELETE') return json({ deleted: target.recorder.clear() });
    return controlError(405, `${method} is not allowed on ${route}`);
  }
  if (route === '/_sandbox/changes' || route === '/_sandbox/connections') {
    if (method !== 'GET') return controlError(405, `${method} is not allowed on ${route}`);
    return json(route === '/_sandbox/changes' ? { data: target.changes() } : { accepted: target.connections() });
  }
  if (route === '/_sandbox/reset') {
    if (method !== 'POST') return controlError(405, `${method} is not allowed on ${route}`);
    target.reset();
    return json({ reset: true });
  }
  return controlError(404, `no control route ${route}`);
}
