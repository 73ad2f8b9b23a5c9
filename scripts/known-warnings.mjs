// The warnings Node prints on every build of the standalone binary (scripts/build-binary.mjs),
// which alarm a reader and which nobody can act on. They are taken out of the build's output;
// anything else Node says (another module, another kind of warning, an error) still shows.
// - ExperimentalWarning: single-executable applications are an experimental feature of Node,
//   and Node says so on each use.
// - "Wrote single executable preparation blob to ...": Node 22 says where the blob went, which
//   the build knows (it chose the file).

const KNOWN = [/^\(node:\d+\) ExperimentalWarning: .*\n/gm, /^Wrote single executable preparation blob to .*\n/gm];

/** `text` (a build step's stderr) without the known warnings. */
export function withoutKnownWarnings(text) {
  let rest = text;
  for (const pattern of KNOWN) rest = rest.replace(pattern, '');
  // Node's pointer to --trace-warnings follows the first warning; alone, it points at nothing.
  if (!/^\(node:\d+\)/m.test(rest))
    rest = rest.replace(/^\(Use `\S+ --trace-warnings \.\.\.` to show where the warning was created\)\n/m, '');
  return rest;
}
