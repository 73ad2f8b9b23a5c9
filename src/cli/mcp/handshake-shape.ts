// Which opening requests the early answer (handshake.ts) may take: only those the SDK surely
// accepts, checked without its schemas. Each check is narrower than the SDK's (a field it would
// take but that is rare, such as a client's icons or the deprecated tasks capability, sends the
// request to the SDK instead), so an answer given early is never one the SDK would have refused;
// test/mcp/handshake.test.ts holds the two to the same answers.

type Json = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every key of `value` is one of `known`. */
export function onlyKeys(value: Json, known: readonly string[]): boolean {
  return Object.keys(value).every((key) => known.includes(key));
}

const optionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';
const optionalObject = (value: unknown): boolean => value === undefined || isPlainObject(value);
/** A map of names to objects (`experimental`, `extensions`). */
const optionalObjectMap = (value: unknown): boolean =>
  value === undefined || (isPlainObject(value) && Object.values(value).every((entry) => isPlainObject(entry)));

/** A client's name and version (the 2025 `clientInfo`, the 2026 envelope's client info). */
export function isImplementation(value: unknown): boolean {
  if (!isPlainObject(value) || !onlyKeys(value, ['name', 'version', 'title', 'websiteUrl', 'description'])) return false;
  const { name, version, title, websiteUrl, description } = value;
  return typeof name === 'string' && typeof version === 'string' && [title, websiteUrl, description].every(optionalString);
}

/** A client's capabilities, as both eras declare them (roots, sampling, elicitation, experimental, extensions). */
export function isClientCapabilities(value: unknown): boolean {
  if (!isPlainObject(value) || !onlyKeys(value, ['roots', 'sampling', 'elicitation', 'experimental', 'extensions'])) return false;
  const { roots, sampling, elicitation, experimental, extensions } = value;
  const rootsOk =
    roots === undefined ||
    (isPlainObject(roots) &&
      onlyKeys(roots, ['listChanged']) &&
      (roots.listChanged === undefined || typeof roots.listChanged === 'boolean'));
  const samplingOk =
    sampling === undefined ||
    (isPlainObject(sampling) &&
      onlyKeys(sampling, ['context', 'tools']) &&
      optionalObject(sampling.context) &&
      optionalObject(sampling.tools));
  return rootsOk && samplingOk && isElicitation(elicitation) && optionalObjectMap(experimental) && optionalObjectMap(extensions);
}

function isElicitation(value: unknown): boolean {
  if (value === undefined) return true;
  if (!isPlainObject(value) || !onlyKeys(value, ['form', 'url']) || !optionalObject(value.url)) return false;
  const { form } = value;
  return form === undefined || (isPlainObject(form) && (form.applyDefaults === undefined || typeof form.applyDefaults === 'boolean'));
}
