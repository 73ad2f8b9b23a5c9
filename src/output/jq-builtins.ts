// What jq 1.8 changed in jq's library, written in jq's own language and put before every --jq
// program, so that filters behave as in jq 1.8.1 although the engine (jq-web) is a build from
// before that release. A definition in a program hides the builtin of the same name and arity
// for the rest of the program, and sees only what is defined before it: so a new definition
// that needs the old builtin reaches it through a name defined first (`_gwctl_tonumber`).
//
// The new functions: trim, ltrim, rtrim, trimstr, add/1, skip/2, toboolean, have_decnum,
// have_literal_numbers and the @urid format. The changed ones: limit/2 refuses a negative
// count, last(empty) is empty, nth/2 is first(skip), ltrimstr/rtrimstr refuse what is not a
// string, tonumber refuses surrounding white space, indices/index/rindex count code points,
// splits/2 is jq 1.8's, abs keeps a number's precision, and input_filename is null (the input
// is not a file). What is syntax rather than library (the precedence of `as`, multi-line
// comments) stays jq 1.7's; so do pow10 (removed in 1.8) and the math functions.
//
// Each line is one definition; they are joined into one line, so that jq's line numbers in a
// message about the user's filter stay the user's own.
const DEFINITIONS = [
  // jq's type errors quote at most 11 bytes of the value, then "...".
  'def _gwctl_quoted: tojson | if utf8bytelength > 14 then .[0:11] + "..." else . end;',
  'def _gwctl_type_error($message): error("\\(type) (\\(_gwctl_quoted)) \\($message)");',
  'def add(f): reduce f as $x (null; . + $x);',
  'def add: add(.[]);',
  // Negating a number's text keeps all its digits, as jq 1.8 does; nan and infinities are as before.
  'def abs: if . < 0 then (if type == "number" and (isnan or isinfinite | not) then tojson[1:] | tonumber else - . end) else . end;',
  'def ltrimstr($left): if startswith($left) then .[$left | length:] end;',
  'def rtrimstr($right): if endswith($right) then .[:$right | -length] end;',
  'def trimstr($val): ltrimstr($val) | rtrimstr($val);',
  // jq's white space: U+0009 to U+000D, space, U+0085, U+00A0, U+1680, U+2000 to U+200A,
  // U+2028, U+2029, U+202F, U+205F and U+3000.
  'def _gwctl_space: "[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";',
  'def ltrim: if type != "string" then error("trim input must be a string") else sub("\\\\A\\(_gwctl_space)+"; "") end;',
  'def rtrim: if type != "string" then error("trim input must be a string") else sub("\\(_gwctl_space)+\\\\z"; "") end;',
  'def trim: ltrim | rtrim;',
  'def toboolean: if type == "boolean" then . elif . == "true" then true elif . == "false" then false else _gwctl_type_error("cannot be parsed as a boolean") end;',
  'def _gwctl_tonumber: tonumber;',
  'def tonumber: if type == "number" then . elif type == "string" and (test("\\\\A\\\\S") and test("\\\\S\\\\z")) then (try _gwctl_tonumber catch _gwctl_type_error("cannot be parsed as a number")) else _gwctl_type_error("cannot be parsed as a number") end;',
  'def have_decnum: true;',
  'def have_literal_numbers: true;',
  'def input_filename: null;',
  'def limit($n; expr): if $n > 0 then label $out | foreach expr as $item ($n; . - 1; $item, if . <= 0 then break $out else empty end) elif $n == 0 then empty else error("limit doesn\'t support negative count") end;',
  'def skip($n; expr): if $n > 0 then foreach expr as $item ($n; . - 1; if . < 0 then $item else empty end) elif $n == 0 then expr else error("skip doesn\'t support negative count") end;',
  'def nth($n; g): if $n < 0 then error("nth doesn\'t support negative indices") else first(skip($n; g)) end;',
  'def last(g): reduce g as $item ([]; [$item]) | .[];',
  // Positions in a string are code points, not bytes.
  'def indices($i): if type == "array" and ($i | type) == "array" then .[$i] elif type == "array" then .[[$i]] elif type == "string" and ($i | type) == "string" then ($i | explode) as $n | if $n == [] then [] else explode | .[$n] end else .[$i] end;',
  'def index($i): indices($i) | .[0];',
  'def rindex($i): indices($i) | .[-1:][0];',
  'def splits($re; $flags): .[foreach (match($re; $flags + "g"), null) as {$offset, $length} (null; {start: .next, end: $offset, next: ($offset + $length)})];',
  'def splits($re): splits($re; null);',
  'def split($re; $flags): [splits($re; $flags)];',
  // @urid: %XX sequences are UTF-8 bytes; anything else is kept as it is.
  'def _gwctl_hex: if . >= 48 and . <= 57 then . - 48 elif . >= 65 and . <= 70 then . - 55 elif . >= 97 and . <= 102 then . - 87 else error("hex") end;',
  'def _gwctl_utf8: . as $b | def cont($k): $b[$k] != null and $b[$k] >= 128 and $b[$k] < 192; def go($i): if $i >= ($b | length) then empty else $b[$i] as $c | (if $c < 128 then [$c, 1] elif $c >= 194 and $c < 224 and cont($i + 1) then [($c - 192) * 64 + $b[$i + 1] - 128, 2] elif $c >= 224 and $c < 240 and cont($i + 1) and cont($i + 2) then [(($c - 224) * 64 + $b[$i + 1] - 128) * 64 + $b[$i + 2] - 128, 3] elif $c >= 240 and $c < 245 and cont($i + 1) and cont($i + 2) and cont($i + 3) then [((($c - 240) * 64 + $b[$i + 1] - 128) * 64 + $b[$i + 2] - 128) * 64 + $b[$i + 3] - 128, 4] else error("utf8") end) as [$cp, $n] | if ($n == 3 and ($cp < 2048 or ($cp >= 55296 and $cp < 57344))) or ($n == 4 and ($cp < 65536 or $cp > 1114111)) then error("utf8") else $cp, go($i + $n) end end; [go(0)];',
  'def _gwctl_urid: tostring | . as $s | try ([scan("(?:%[0-9A-Fa-f]{2})+|%|[^%]+") | if startswith("%") then [.[1:] | splits("%") | explode | (.[0] | _gwctl_hex) * 16 + (.[1] | _gwctl_hex)] | _gwctl_utf8 | .[] else explode[] end] | implode) catch ($s | _gwctl_type_error("is not a valid uri encoding"));',
  'def _gwctl_format($f): format($f);',
  'def format($f): if $f == "urid" then _gwctl_urid else _gwctl_format($f) end;',
];

/** The definitions, on one line, to put before a program. */
export const JQ_18_DEFINITIONS = `${DEFINITIONS.join(' ')} `;
