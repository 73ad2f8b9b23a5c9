// The baseline for the paging benchmark: page through every intern of a server with plain
// fetch, following next_cursor, and write one JSON body, as `gwctl interns ls --all --json` does.
const [baseUrl, key, limit = '500'] = process.argv.slice(2);
const items = [];
let cursor;
for (;;) {
  const url = new URL(`${baseUrl}/interns`);
  url.searchParams.set('limit', limit);
  if (cursor) url.searchParams.set('starting_after', cursor);
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const page = await res.json();
  items.push(...page.data);
  if (!page.has_more) break;
  cursor = page.next_cursor;
}
process.stdout.write(JSON.stringify({ data: items, has_more: false }, null, 2));
