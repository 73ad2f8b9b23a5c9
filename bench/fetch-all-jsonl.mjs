// The baseline for the --jsonl benchmark: page through every intern of a server with plain
// fetch, following next_cursor, and write each page's items as JSON Lines as the page arrives
// (memory stays flat), as `gwctl interns ls --all --jsonl` does.
const [baseUrl, key, limit = '500'] = process.argv.slice(2);
const write = (text) => new Promise((resolve) => (process.stdout.write(text) ? resolve() : process.stdout.once('drain', resolve)));
let cursor;
for (;;) {
  const url = new URL(`${baseUrl}/interns`);
  url.searchParams.set('limit', limit);
  if (cursor) url.searchParams.set('starting_after', cursor);
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const page = await res.json();
  let text = '';
  for (const item of page.data) text += `${JSON.stringify(item)}\n`;
  await write(text);
  if (!page.has_more) break;
  cursor = page.next_cursor;
}
