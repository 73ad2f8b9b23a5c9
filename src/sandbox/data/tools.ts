// Server tools, reachable by canonical name (`openrouter:web_search`) or by any alias type
// (`web_search_20250305`). The schema objects are illustrative: the document does not show them.

interface Price {
  mode: string;
  unit: string;
  price: string;
  max_units_per_call: number;
}

interface Engine {
  id: string;
  name: string;
  byok: string;
  default_mode: string;
  executed_by: string;
  pricing_source: string;
  data_regions: string[];
  pricing_doc_url: string | null;
  pricing: Price[];
}

export interface ServerTool {
  id: string;
  name: string;
  status: string;
  summary: string;
  tool_description: string;
  docs_url: string;
  supported_api_formats: string[];
  default_engine: string;
  fallback_engine: string;
  aliases: { type: string; api_formats: string[]; output_names: { api_format: string; type: string; name: string }[] }[];
  engines: Engine[];
  native_support: { endpoint_count: number; model_count: number; models: { slug: string; providers: string[] }[] };
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown>;
  parameters_schema: Record<string, unknown>;
}

const ALL_FORMATS = ['responses', 'chat-completions', 'anthropic-messages'];
const DOCS = 'https://gateway.sandbox.example/docs/tools';

function schema(properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> {
  return { type: 'object', properties, required };
}

type Alias = ServerTool['aliases'][number];

/** An alias type, the formats that take it, and the output item it shows in the first of them. */
function alias(type: string, apiFormats: string[], output: { type: string; name: string }): Alias {
  return { type, api_formats: apiFormats, output_names: [{ api_format: apiFormats[0]!, ...output }] };
}

/** An engine the gateway runs itself at its own prices unless said otherwise. */
function engine(id: string, name: string, rest: Partial<Engine> = {}): Engine {
  return {
    id,
    name,
    byok: 'none',
    default_mode: 'standard',
    executed_by: 'openrouter',
    pricing_source: 'openrouter',
    data_regions: ['global'],
    pricing_doc_url: null,
    pricing: [],
    ...rest,
  };
}

/** The model provider's own implementation of the tool. */
const NATIVE = engine('native', 'Provider native', { default_mode: 'auto', executed_by: 'provider', pricing_source: 'provider' });

/** Firecrawl, on the customer's own key; priced per tool where the gateway shows a price. */
function firecrawl(pricing: Price[]): Engine {
  return engine('firecrawl', 'Firecrawl', {
    byok: 'required',
    pricing_source: 'byok',
    data_regions: ['us'],
    pricing_doc_url: 'https://firecrawl.dev/pricing',
    pricing,
  });
}

function price(mode: string, unit: string, amount: string, maxUnitsPerCall: number): Price {
  return { mode, unit, price: amount, max_units_per_call: maxUnitsPerCall };
}

export const TOOLS: readonly ServerTool[] = [
  {
    id: 'openrouter:web_search',
    name: 'Web search',
    status: 'active',
    summary: 'Search the web and cite sources.',
    tool_description: 'Searches the web for the query and returns the top results with titles, URLs and snippets.',
    docs_url: `${DOCS}/web-search`,
    supported_api_formats: ALL_FORMATS,
    default_engine: 'native',
    fallback_engine: 'exa',
    aliases: [
      alias('web_search_20250305', ['anthropic-messages'], { type: 'server_tool_use', name: 'web_search' }),
      alias('web_search_preview', ['responses'], { type: 'web_search_call', name: 'web_search' }),
      alias('web_search', ['responses', 'chat-completions'], { type: 'web_search_call', name: 'web_search' }),
    ],
    engines: [
      NATIVE,
      engine('exa', 'Exa', {
        byok: 'optional',
        default_mode: 'auto',
        data_regions: ['global', 'us'],
        pricing_doc_url: 'https://exa.ai/pricing',
        pricing: [price('auto', 'request', '0.004', 1), price('deep', 'request', '0.012', 1)],
      }),
      firecrawl([price('standard', 'page', '0.001', 10)]),
    ],
    native_support: {
      endpoint_count: 18,
      model_count: 12,
      models: [
        { slug: 'anthropic/claude-4.6-sonnet', providers: ['Anthropic', 'Google'] },
        { slug: 'openai/gpt-5.4', providers: ['OpenAI', 'Azure'] },
      ],
    },
    input_schema: schema({ query: { type: 'string' } }, ['query']),
    output_schema: schema({
      results: { type: 'array', items: schema({ title: { type: 'string' }, url: { type: 'string' }, snippet: { type: 'string' } }) },
    }),
    parameters_schema: schema({
      max_results: { type: 'integer', minimum: 1, maximum: 20 },
      search_context_size: { type: 'string', enum: ['low', 'medium', 'high'] },
    }),
  },
  {
    id: 'openrouter:web_fetch',
    name: 'Web fetch',
    status: 'active',
    summary: 'Fetch a page and return its text.',
    tool_description: 'Downloads the page at a URL and returns its readable text.',
    docs_url: `${DOCS}/web-fetch`,
    supported_api_formats: ALL_FORMATS,
    default_engine: 'openrouter',
    fallback_engine: 'firecrawl',
    aliases: [alias('web_fetch_20250910', ['anthropic-messages'], { type: 'server_tool_use', name: 'web_fetch' })],
    engines: [
      engine('openrouter', 'Gateway fetcher', {
        data_regions: ['global', 'europe', 'us'],
        pricing: [price('standard', 'request', '0.0005', 5)],
      }),
      firecrawl([]),
    ],
    native_support: { endpoint_count: 4, model_count: 3, models: [{ slug: 'anthropic/claude-4.6-sonnet', providers: ['Anthropic'] }] },
    input_schema: schema({ url: { type: 'string', format: 'uri' } }, ['url']),
    output_schema: schema({ text: { type: 'string' }, title: { type: 'string' } }),
    parameters_schema: schema({ max_bytes: { type: 'integer' } }),
  },
  {
    id: 'openrouter:datetime',
    name: 'Date and time',
    status: 'active',
    summary: 'The current date and time.',
    tool_description: 'Returns the current date and time in a time zone.',
    docs_url: `${DOCS}/datetime`,
    supported_api_formats: ALL_FORMATS,
    default_engine: 'openrouter',
    fallback_engine: 'openrouter',
    aliases: [],
    engines: [engine('openrouter', 'Gateway clock', { pricing_source: 'none' })],
    native_support: { endpoint_count: 0, model_count: 0, models: [] },
    input_schema: schema({ timezone: { type: 'string' } }),
    output_schema: schema({ iso: { type: 'string' } }),
    parameters_schema: schema({}),
  },
  {
    id: 'openrouter:image_generation',
    name: 'Image generation',
    status: 'active',
    summary: 'Generate an image from a prompt.',
    tool_description: 'Generates an image from a text prompt and returns it as a data URL.',
    docs_url: `${DOCS}/image-generation`,
    supported_api_formats: ['responses', 'chat-completions'],
    default_engine: 'openrouter',
    fallback_engine: 'openrouter',
    aliases: [alias('image_generation', ['responses'], { type: 'image_generation_call', name: 'image_generation' })],
    engines: [
      engine('openrouter', 'Gateway images', { byok: 'optional', data_regions: ['us'], pricing: [price('standard', 'image', '0.04', 4)] }),
    ],
    native_support: { endpoint_count: 2, model_count: 1, models: [{ slug: 'openai/gpt-5.4', providers: ['OpenAI'] }] },
    input_schema: schema({ prompt: { type: 'string' }, size: { type: 'string' } }, ['prompt']),
    output_schema: schema({ image_url: { type: 'string' } }),
    parameters_schema: schema({ quality: { type: 'string', enum: ['low', 'high'] } }),
  },
  {
    id: 'openrouter:code_interpreter',
    name: 'Code interpreter',
    status: 'deprecated',
    summary: 'Run Python in a sandbox.',
    tool_description: 'Runs Python code in an isolated container and returns its output.',
    docs_url: `${DOCS}/code-interpreter`,
    supported_api_formats: ['responses', 'anthropic-messages'],
    default_engine: 'native',
    fallback_engine: 'openrouter',
    aliases: [
      alias('code_execution_20250825', ['anthropic-messages'], { type: 'server_tool_use', name: 'code_execution' }),
      alias('code_interpreter', ['responses'], { type: 'code_interpreter_call', name: 'code_interpreter' }),
    ],
    engines: [
      NATIVE,
      engine('openrouter', 'Gateway containers', {
        default_mode: 'auto',
        data_regions: ['us', 'europe'],
        pricing: [price('auto', 'container_hour', '0.03', 1)],
      }),
    ],
    native_support: {
      endpoint_count: 6,
      model_count: 4,
      models: [
        { slug: 'anthropic/claude-4.6-sonnet', providers: ['Anthropic'] },
        { slug: 'openai/gpt-5.4', providers: ['OpenAI'] },
      ],
    },
    input_schema: schema({ code: { type: 'string' } }, ['code']),
    output_schema: schema({ stdout: { type: 'string' }, stderr: { type: 'string' } }),
    parameters_schema: schema({ timeout_seconds: { type: 'integer' } }),
  },
];

/** By canonical id or alias type; the document says an alias answers 200 with the tool. */
export function findTool(name: string): ServerTool | undefined {
  return TOOLS.find((t) => t.id === name) ?? TOOLS.find((t) => t.aliases.some((a) => a.type === name));
}
