// `gwctl mcp` as a child process over stdio, driven by the v2 SDK's client in either era: the
// client, what the server wrote on stderr and the lines of its audit log. The person at the
// client is `answer` (none: a client that did not declare elicitation), who may take their time. A test that plays the
// 2026-07-28 rounds by hand sends `tools/call` itself (`firstRound`, `nextRound`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach } from 'vitest';
import { gwctlCommand, tempConfigDir, testEnv } from './spawn.js';

export type Era = 'legacy' | 'modern';

export interface ElicitParams {
  message: string;
  requestedSchema?: { properties: Record<string, { type: string }> };
}
type Answered = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | boolean> };
export type Answer = (params: ElicitParams) => Answered | Promise<Answered>;

export interface McpChild {
  client: Client;
  stderr: () => string;
  /** Every question the person was asked. */
  asked: ElicitParams[];
  audit: () => Record<string, unknown>[];
}

/** The person who accepts: ticks the box, or types the count the message asks for. */
export const accept: Answer = (params) => {
  const type = params.requestedSchema?.properties.confirm?.type;
  const count = /type the number of \S+ to \S+: (\d+)\./.exec(params.message)?.[1];
  return { action: 'accept', content: { confirm: type === 'string' ? (count ?? '') : true } };
};

const open: Client[] = [];
/** Closes the clients a file's tests opened (call once at the top of the file). */
export function closeMcpClientsAfterEach(): void {
  afterEach(async () => {
    for (const client of open.splice(0)) await client.close().catch(() => {});
  });
}

export async function mcpChild(
  era: Era,
  args: string[],
  env: Record<string, string | undefined>,
  answer?: Answer,
  clientInfo = { name: 'gwctl-test', version: '1' },
): Promise<McpChild> {
  const configDir = tempConfigDir();
  // An --audit-log among `args` (a test's own place for it) is the one read back.
  const given = args.indexOf('--audit-log');
  const log = given >= 0 ? args[given + 1]! : path.join(configDir, 'mcp-audit.jsonl');
  const [command, ...lead] = gwctlCommand();
  const transport = new StdioClientTransport({
    command,
    args: [...lead, 'mcp', ...(given >= 0 ? [] : ['--audit-log', log]), ...args],
    env: testEnv(env, configDir),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client(clientInfo, {
    capabilities: answer ? { elicitation: { form: {} } } : {},
    ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
  });
  const asked: ElicitParams[] = [];
  if (answer)
    client.setRequestHandler('elicitation/create', (request) => {
      const params = request.params as unknown as ElicitParams;
      asked.push(params);
      return answer(params);
    });
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => stderr, asked, audit: () => auditLines(log) };
}

export interface ToolAnswer {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
}

/** A 2026-07-28 first round by hand: the input-required result (its question and sealed state). */
export async function firstRound(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ requestState: string; message: string; requestedSchema: ElicitParams['requestedSchema'] }> {
  const result = (await client.request({ method: 'tools/call', params: { name, arguments: args } }, {
    allowInputRequired: true,
  } as never)) as unknown as {
    resultType: string;
    requestState: string;
    inputRequests: Record<string, { params: ElicitParams }>;
  };
  if (result.resultType !== 'input_required') throw new Error(`not an input-required result: ${JSON.stringify(result)}`);
  const { message, requestedSchema } = result.inputRequests.confirm!.params;
  return { requestState: result.requestState, message, requestedSchema };
}

/** A later 2026-07-28 round: the person's answer and the state sent back. */
export async function nextRound(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  requestState: string,
  content: Record<string, unknown>,
): Promise<ToolAnswer> {
  return (await client.request({
    method: 'tools/call',
    params: { name, arguments: args, inputResponses: { confirm: { action: 'accept', content } }, requestState },
  })) as never;
}

/** The environment of a `gwctl mcp` that goes to a scripted gateway (test/kit/server.ts): its base URL, both keys, no retries. */
export function gatewayEnv(baseUrl: string): Record<string, string> {
  return {
    GWCTL_BASE_URL: baseUrl,
    GWCTL_MANAGEMENT_KEY: 'sk-mgmt-gateway-0123456789abcdef',
    GWCTL_API_KEY: 'sk-api-gateway-0123456789abcdef',
    GWCTL_RETRIES: '0',
  };
}

/** The lines of an audit log written so far (none before the first). */
export function auditLines(log: string): Record<string, unknown>[] {
  try {
    return readFileSync(log, 'utf8')
      .trimEnd()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  } catch {
    return [];
  }
}
