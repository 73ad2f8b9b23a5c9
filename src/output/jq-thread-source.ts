// The source text jq's thread starts from where it has no file of its own. In the npm build
// and under the test runner there is none: the thread starts from ./jq-thread.ts's own file,
// or jq runs on the main thread. The standalone build (scripts/build-binary.mjs) replaces this
// module with one that reads the thread's own bundle, carried in the executable as an asset.
export function bundledThreadSource(): string | undefined {
  return undefined;
}
