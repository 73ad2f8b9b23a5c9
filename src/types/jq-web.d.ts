// jq-web (jq compiled to WebAssembly) ships no types. Its CommonJS export is a promise of the
// ready engine; `raw` runs jq once over a JSON text, like `echo TEXT | jq FLAGS FILTER`.
declare module 'jq-web' {
  export interface JqEngine {
    /** jq's stdout without its last newline (undefined when there was none); throws on a non-zero exit. */
    raw(json: string, filter: string, flags?: string[]): string | undefined;
  }
  /** Thrown by `raw`: jq's exit code (3 a filter that does not compile, 5 a run-time error) and its stderr. */
  export interface JqFailure extends Error {
    exitCode?: number;
    stderr?: string;
  }
  const engine: Promise<JqEngine>;
  export default engine;
}
