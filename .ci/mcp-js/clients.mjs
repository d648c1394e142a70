// Both MCP servers through the official TypeScript SDK (`@modelcontextprotocol/sdk` 1.x), the
// client most MCP hosts (desktop and IDE agents) embed, against a running server
// (`.ci/mcp-js.sh`): `Client` over `StreamableHTTPClientTransport` connects (the revision the
// SDK negotiates), lists every tool (the SDK compiles each outputSchema and validates every
// structuredContent against it), calls every tool with good arguments (the structured content
// must be what the REST API answers for the same thing), with bad ones (the error the SDK
// surfaces), pages through and reads resources, expands the guide template, gets the prompts
// and pings; a fetch wrapper records what the SDK does on its own on the wire (the
// `initialize` sent without `MCP-Protocol-Version`, every later request with it,
// `notifications/initialized` answered 202, the GET for a server stream answered 405, no
// `Mcp-Session-Id` either way). Last, the SDK's deprecated SSE client, which hosts fall back to
// when Streamable HTTP fails, against a server that answers GET with 405.
//
// Each check prints one line; the last line is `N passed, N failed`. Exits non-zero on any
// failure. Usage: node clients.mjs http://127.0.0.1:PORT
//
// To see the checks fail: `MCPJS_FLIP=N` inverts the Nth check (counting from 1), `all` every
// one; `MCPJS_MUTATE=NAME` has the fetch wrapper change what the server answers before the SDK
// sees it (see `mutate`), as a server with that defect would.

import { isDeepStrictEqual } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, LATEST_PROTOCOL_VERSION, McpError } from '@modelcontextprotocol/sdk/types.js';

const BASE = (process.argv[2] ?? '').replace(/\/+$/, '');
const FLIP = process.env.MCPJS_FLIP ?? '';
const MUTATE = process.env.MCPJS_MUTATE ?? '';
const PRODUCT_TOOLS = [
  'list_services', 'get_service', 'list_industries', 'list_case_studies', 'get_case_study',
  'get_contact', 'get_assessment_questions', 'score_assessment', 'search', 'fetch',
];
const DOCS_TOOLS = ['search_guides', 'get_guide', 'list_categories', 'search_api_docs', 'search', 'fetch'];
// The contract's numbers: 13 services, 6 industries, 3 case studies, the assessment and the
// contact details; 169 guides, 3 documentation pages, the docs index and the error codes page,
// the contact details and the OpenAPI document.
const PRODUCT_RESOURCES = 13 + 6 + 3 + 2;
const DOCS_RESOURCES = 169 + 3 + 2 + 2;
const ANSWERS = [2, 3, 2, 1, 2, 3, 1, 2, 2, 3, 1, 2, 3, 2, 1, 2];
const results = { passed: 0, failed: 0 };

function check(name, condition, detail = '') {
  const number = results.passed + results.failed + 1;
  const flipped = FLIP === 'all' || FLIP === String(number);
  if (flipped ? !condition : condition) {
    results.passed += 1;
    console.log(`ok   ${number} ${name}`);
  } else {
    results.failed += 1;
    console.log(`FAIL ${number} ${name}${flipped ? ' (flipped)' : ''} ${typeof detail === 'string' ? detail : JSON.stringify(detail)?.slice(0, 600)}`);
  }
}

// Every HTTP exchange the SDK makes: method, JSON-RPC method, request and response headers.
const wire = [];
async function recordingFetch(input, init = {}) {
  const headers = new Headers(init.headers);
  let rpc = null;
  if (typeof init.body === 'string') {
    try {
      rpc = JSON.parse(init.body).method ?? 'response';
    } catch {
      rpc = 'unreadable';
    }
  }
  // Recorded in the order sent (the GET stream opens before connect() returns), completed when
  // the answer arrives.
  const entry = {
    method: init.method ?? 'GET',
    rpc,
    progress: rpc === 'tools/call' && JSON.parse(init.body).params?._meta?.progressToken !== undefined,
    version: headers.get('mcp-protocol-version'),
    sessionSent: headers.get('mcp-session-id'),
    accept: headers.get('accept'),
    status: null,
    allow: null,
    sessionGiven: null,
  };
  wire.push(entry);
  const response = await mutate(entry.method, rpc, await fetch(input, init));
  entry.status = response.status;
  entry.allow = response.headers.get('allow');
  entry.sessionGiven = response.headers.get('mcp-session-id');
  return response;
}

// A defect planted in the server's answer, by name.
async function mutate(method, rpc, response) {
  const headers = new Headers(response.headers);
  const status = (from, to) => (response.status === from ? to : response.status);
  const body = async (edit) => {
    const json = JSON.parse(await response.text());
    edit(json);
    return new Response(JSON.stringify(json), { status: response.status, headers });
  };
  switch (MUTATE) {
    case 'session': // a server minting a session id
      headers.set('mcp-session-id', 'planted');
      return new Response(response.body, { status: response.status, headers });
    case 'get-404': // a server answering GET with 404, not 405
      return method === 'GET' ? new Response('{}', { status: status(405, 404), headers }) : response;
    case 'no-allow':
      headers.delete('allow');
      return new Response(response.body, { status: response.status, headers });
    case 'initialized-200': // a notification answered 200 with a body
      return rpc?.startsWith('notifications/') ? new Response('{}', { status: 200, headers }) : response;
    case 'version': // an older revision echoed
      return rpc === 'initialize' ? body((j) => { j.result.protocolVersion = '2025-06-18'; }) : response;
    case 'structured': // structuredContent that breaks its outputSchema
      return rpc === 'tools/call' ? body((j) => { if (j.result?.structuredContent) j.result.structuredContent = { planted: true }; }) : response;
    case 'text': // a text block that is not the structured content
      return rpc === 'tools/call' ? body((j) => { if (j.result?.structuredContent) j.result.content[0].text = '{}'; }) : response;
    case 'rest-drift': // structured content drifting from the REST body (still schema-valid)
      return rpc === 'tools/call' ? body((j) => { const s = j.result?.structuredContent; if (s && drift(s)) j.result.content[0].text = JSON.stringify(s); }) : response;
    case 'no-cursor': // resources/list without its next page
      return rpc === 'resources/list' ? body((j) => { delete j.result.nextCursor; }) : response;
    case 'error-code': // every protocol error as -32603
      return response.status === 202 ? response : body((j) => { if (j.error) j.error.code = -32603; });
    case 'iserror': // tool refusals that do not say isError
      return rpc === 'tools/call' ? body((j) => { if (j.result?.isError) delete j.result.isError; }) : response;
    default:
      return response;
  }
}

// Appends to the first name, title or description in a value; true when one was found.
function drift(value) {
  if (Array.isArray(value)) return value.some(drift);
  // A guide, whose description has a length its schema bounds: get_guide's twin is its resource.
  if (value === null || typeof value !== 'object' || 'markdown' in value) return false;
  for (const key of ['name', 'title', 'description']) {
    if (typeof value[key] === 'string') {
      value[key] += ' (drifted)';
      return true;
    }
  }
  return Object.values(value).some(drift);
}

async function rest(path, body) {
  const response = await fetch(`${BASE}${path}`, body === undefined ? {} : {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

// The error a call throws, or null when it returns.
async function thrown(call) {
  try {
    await call();
    return null;
  } catch (error) {
    return error;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Waits until `condition` holds, looking every 25 ms, for at most `limit` ms: for what the SDK
// does on its own, unawaited (the GET stream it opens, the cancelled call's answer). The limit
// only keeps a broken run from hanging; it is no measure, so it is far above what the wait
// takes anywhere (milliseconds on a quiet host), and the loop ends as soon as the thing is seen.
// These waits allowed 0.5 s and 1 s before, which a starved CI host can use up.
async function until(condition, limit = 15000) {
  const end = Date.now() + limit;
  while (!condition() && Date.now() < end) await sleep(25);
}

// Good arguments for every tool, and the REST answer the structured content must equal (null
// where the tool has no REST twin and is checked otherwise).
function plan(product) {
  if (product) {
    return {
      list_services: [{}, () => rest('/v1/services')],
      get_service: [{ slug: 'mlops' }, () => rest('/v1/services/mlops')],
      list_industries: [{}, () => rest('/v1/industries')],
      list_case_studies: [{}, () => rest('/v1/case-studies')],
      get_case_study: [null, null], // the first slug list_case_studies gives; below
      get_contact: [{}, () => rest('/v1/contact')],
      get_assessment_questions: [{}, () => rest('/v1/ai-readiness/questions')],
      score_assessment: [{ answers: ANSWERS }, () => rest('/v1/ai-readiness/score', { answers: ANSWERS })],
      search: [{ query: 'mlops' }, null],
      fetch: [{ id: 'services/mlops' }, null],
    };
  }
  return {
    search_guides: [{ q: 'data quality', limit: 3 }, () => rest('/v1/resources?q=data%20quality&limit=3')],
    get_guide: [null, null], // the first guide search_guides finds; below
    list_categories: [{}, () => rest('/v1/resources/categories')],
    search_api_docs: [{ query: 'invalid_cursor' }, null],
    search: [{ query: 'data quality' }, null],
    fetch: [{ id: 'docs/api' }, null],
  };
}

async function exercise(path, expectedTools) {
  const product = path === '/mcp';
  const label = `[${path}]`;
  const errors = [];
  const client = new Client({ name: 'consultancy-api-ci', version: '1.0.0' });
  client.onerror = (error) => errors.push(error);
  const transport = new StreamableHTTPClientTransport(new URL(BASE + path), { fetch: recordingFetch });
  const mark = wire.length;
  await client.connect(transport);

  // The handshake: the SDK offers its latest revision and accepts only ones it knows.
  check(`${label} connects; the SDK offers ${LATEST_PROTOCOL_VERSION} and it is echoed`, transport.protocolVersion === '2025-11-25', transport.protocolVersion);
  const info = client.getServerVersion();
  check(`${label} serverInfo names the server`, info?.name === (product ? 'example.larchmere/consultancy' : 'example.larchmere/consultancy-docs'), info);
  const capabilities = client.getServerCapabilities();
  check(`${label} capabilities: tools, resources, prompts`, isDeepStrictEqual(Object.keys(capabilities ?? {}).sort(), ['prompts', 'resources', 'tools']), capabilities);
  check(`${label} instructions given`, (client.getInstructions() ?? '').length > 100, client.getInstructions());

  // What the SDK does on its own: after `notifications/initialized` is accepted it opens the
  // optional GET stream, which the server refuses with 405 (no stream to offer); the SDK takes
  // that as "no server stream" and reports nothing. A ping gives the GET time to land.
  check(`${label} ping answers`, isDeepStrictEqual(await client.ping(), {}));
  await until(() => wire.slice(mark).some((w) => w.method === 'GET' && w.status !== null));
  const shake = wire.slice(mark).map((w) => [w.method, w.rpc, w.version, w.status]);
  check(`${label} wire: initialize (no version header) 200, initialized 202, GET 405, ping with the header 200`, isDeepStrictEqual(shake, [
    ['POST', 'initialize', null, 200],
    ['POST', 'notifications/initialized', '2025-11-25', 202],
    ['GET', null, '2025-11-25', 405],
    ['POST', 'ping', '2025-11-25', 200],
  ]), shake);
  const get = wire.slice(mark).find((w) => w.method === 'GET');
  check(`${label} the GET asks for text/event-stream and the 405 says Allow: POST, OPTIONS`, get?.accept === 'text/event-stream' && get?.allow === 'POST, OPTIONS', get);
  check(`${label} the SDK reports no error for the 405`, errors.length === 0, errors.map(String));

  // Tools: every one listed, each input schema an object, an outputSchema on all but search and
  // fetch, which the SDK compiled into a validator.
  const { tools, nextCursor } = await client.listTools();
  check(`${label} tools/list names every tool, in one page`, isDeepStrictEqual(tools.map((t) => t.name), expectedTools) && nextCursor === undefined, tools.map((t) => t.name));
  check(`${label} every inputSchema is an object schema`, tools.every((t) => t.inputSchema.type === 'object' && typeof t.inputSchema.properties === 'object'), tools.map((t) => t.inputSchema.type));
  const withOutput = tools.filter((t) => t.outputSchema).map((t) => t.name);
  check(`${label} an outputSchema on every tool but search and fetch`, isDeepStrictEqual(withOutput, expectedTools.filter((n) => n !== 'search' && n !== 'fetch')), withOutput);
  check(`${label} the SDK compiled a validator for each outputSchema`, withOutput.every((n) => typeof client.getToolOutputValidator(n) === 'function'), withOutput);

  // Every tool with good arguments: no error, the text block is the structured content, and the
  // structured content is the REST body.
  const steps = plan(product);
  for (const name of expectedTools) {
    let [args, twin] = steps[name];
    if (name === 'get_case_study') {
      const slug = (await rest('/v1/case-studies')).caseStudies[0].slug;
      args = { slug };
      twin = () => rest(`/v1/case-studies/${slug}`);
    }
    if (name === 'get_guide') {
      const found = await client.callTool({ name: 'search_guides', arguments: { q: 'data quality', limit: 1 } });
      args = { slug: found.structuredContent.results[0].slug };
    }
    const result = await client.callTool({ name, arguments: args });
    const text = result.content?.[0]?.type === 'text' ? result.content[0].text : null;
    if (name === 'search' || name === 'fetch') {
      const body = JSON.parse(text ?? 'null');
      const keys = name === 'search' ? ['results'] : ['id', 'title', 'text', 'url', 'metadata'];
      check(`${label} ${name} answers one text item holding ${keys}`, !result.isError && result.content.length === 1 && isDeepStrictEqual(Object.keys(body ?? {}), keys), body);
      continue;
    }
    check(`${label} ${name}: structuredContent (valid for the SDK) equals its text block`, !result.isError && isDeepStrictEqual(result.structuredContent, JSON.parse(text ?? 'null')), text);
    if (twin) {
      const expected = await twin();
      check(`${label} ${name}: the REST API's answer`, isDeepStrictEqual(result.structuredContent, expected), [result.structuredContent, expected]);
    }
    if (name === 'get_guide') {
      const read = await client.readResource({ uri: result.structuredContent.url + 'index.md' });
      check(`${label} get_guide's markdown is the guide's resource`, read.contents[0]?.text === result.structuredContent.markdown, result.structuredContent.url);
    }
    if (name === 'search_api_docs') {
      check(`${label} search_api_docs finds errors/invalid_cursor first`, result.structuredContent.results?.[0]?.id === 'errors/invalid_cursor', result.structuredContent.results?.[0]);
    }
  }
  // The tools' own pagination (docs): search_guides' next page through its cursor is the REST
  // page for the same cursor, and search_api_docs pages through everything, each id once.
  if (!product) {
    const first = (await client.callTool({ name: 'search_guides', arguments: { q: 'data quality', limit: 3 } })).structuredContent;
    const second = (await client.callTool({ name: 'search_guides', arguments: { q: 'data quality', limit: 3, cursor: first.nextCursor } })).structuredContent;
    const expected = await rest(`/v1/resources?q=data%20quality&limit=3&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    check(`${label} search_guides' second page by cursor is the REST page`, typeof first.nextCursor === 'string' && isDeepStrictEqual(second, expected) && second.results[0]?.slug !== first.results[0]?.slug, [second, expected]);
    const ids = [];
    let page = { nextCursor: undefined };
    let pages = 0;
    do {
      const args = page.nextCursor ? { limit: 50, cursor: page.nextCursor } : { limit: 50 };
      page = (await client.callTool({ name: 'search_api_docs', arguments: args })).structuredContent;
      ids.push(...page.results.map((r) => r.id));
      pages += 1;
    } while (page.nextCursor && pages < 20);
    check(`${label} search_api_docs pages through every document once (${ids.length} in ${pages} pages)`, pages > 1 && !page.nextCursor && new Set(ids).size === ids.length && ids.includes('errors/invalid_cursor') && ids.includes('operations/searchResources'), [pages, ids.length]);
  }

  // search finds, fetch reads what it found: the same ids and urls.
  const query = product ? 'mlops' : 'data quality';
  const found = JSON.parse((await client.callTool({ name: 'search', arguments: { query } })).content[0].text).results;
  const first = JSON.parse((await client.callTool({ name: 'fetch', arguments: { id: found[0]?.id } })).content[0].text);
  check(`${label} fetch reads search's first result`, found.length > 0 && first.id === found[0].id && first.url === found[0].url && first.text.length > found[0].text.length, [found[0], first.id]);

  // Bad arguments: what the tool refuses is an isError result the SDK hands back as is (no
  // structuredContent, so no validation); what the protocol refuses is an McpError.
  const missing = await client.callTool({ name: product ? 'get_service' : 'get_guide', arguments: { slug: 'no-such-thing' } });
  check(`${label} an unknown slug: isError, its message, no structuredContent`, missing.isError === true && missing.structuredContent === undefined && /no-such-thing/.test(missing.content[0]?.text ?? ''), missing);
  const badArgs = product ? { name: 'score_assessment', arguments: { answers: [9] } } : { name: 'search_guides', arguments: { limit: 'many' } };
  const refused = await client.callTool(badArgs);
  check(`${label} ${badArgs.name} with a bad argument: isError naming it`, refused.isError === true && (product ? /answers/ : /limit/).test(refused.content[0]?.text ?? ''), refused.content);
  let error = await thrown(() => client.callTool({ name: 'no_such_tool', arguments: {} }));
  check(`${label} an unknown tool throws McpError -32602 naming it`, error instanceof McpError && error.code === ErrorCode.InvalidParams && /no_such_tool/.test(error.message), String(error));
  const unexpected = await client.callTool({ name: expectedTools[0], arguments: { unexpected: 1 } });
  check(`${label} ${expectedTools[0]} with an argument it does not take: isError naming it`, unexpected.isError === true && /`unexpected`/.test(unexpected.content[0]?.text ?? ''), unexpected.content);
  // The SDK's progress callback adds `_meta.progressToken`; the call is served as without it.
  const tracked = await client.callTool({ name: expectedTools[0], arguments: {} }, undefined, { onprogress: () => {} });
  const plain = await client.callTool({ name: expectedTools[0], arguments: {} });
  check(`${label} a call with a progressToken answers as one without`, wire.at(-2).progress && isDeepStrictEqual(tracked, plain), wire.at(-2));

  // Resources: every page, each URI once; the contact details read as the REST body.
  const uris = [];
  let cursor;
  let pages = 0;
  do {
    const page = await client.listResources(cursor === undefined ? undefined : { cursor });
    pages += 1;
    uris.push(...page.resources.map((r) => r.uri));
    cursor = page.nextCursor;
  } while (cursor !== undefined && pages < 20);
  const wanted = product ? PRODUCT_RESOURCES : DOCS_RESOURCES;
  check(`${label} resources/list: ${wanted} resources, each once, in ${product ? 'one page' : 'pages of 50'}`, uris.length === wanted && new Set(uris).size === wanted && pages === (product ? 1 : Math.ceil(wanted / 50)), [uris.length, pages]);
  const contactUri = uris.find((u) => u.endsWith('/v1/contact'));
  const contact = await client.readResource({ uri: contactUri ?? 'missing' });
  check(`${label} the contact resource reads as GET /v1/contact`, isDeepStrictEqual(JSON.parse(contact.contents[0]?.text ?? 'null'), await rest('/v1/contact')), contactUri);
  // Every resource read, through the SDK's result schema: one text content at its own uri.
  const reads = [];
  for (const uri of uris) reads.push(await client.readResource({ uri }));
  const odd = uris.filter((uri, i) => !(reads[i].contents.length === 1 && reads[i].contents[0].uri === uri && reads[i].contents[0].text?.length > 100));
  check(`${label} all ${uris.length} resources read, each one text at its own uri`, uris.length > 0 && odd.length === 0, odd);
  error = await thrown(() => client.readResource({ uri: 'https://nowhere.example/x' }));
  check(`${label} an unknown resource throws McpError -32002 naming it`, error instanceof McpError && error.code === -32002 && /nowhere\.example/.test(error.message), String(error));
  const { resourceTemplates } = await client.listResourceTemplates();
  check(`${label} resources/templates/list`, resourceTemplates.length === (product ? 0 : 1), resourceTemplates);
  if (!product) {
    const slug = (await client.callTool({ name: 'search_guides', arguments: { limit: 1 } })).structuredContent.results[0].slug;
    const read = await client.readResource({ uri: resourceTemplates[0]?.uriTemplate.replace('{slug}', slug) });
    check(`${label} the guide template expands to a readable markdown guide`, read.contents[0]?.mimeType === 'text/markdown' && read.contents[0].text.startsWith('# '), read.contents[0]?.mimeType);
  }

  // Prompts: one per server, its argument; a missing required argument is -32602.
  const { prompts } = await client.listPrompts();
  const prompt = product ? 'readiness_interview' : 'answer_from_guides';
  check(`${label} prompts/list: ${prompt}`, isDeepStrictEqual(prompts.map((p) => p.name), [prompt]), prompts);
  if (product) {
    const got = await client.getPrompt({ name: prompt, arguments: { organisation: 'Example Ltd' } });
    check(`${label} the interview prompt names the organisation and score_assessment`, got.messages[0]?.content.type === 'text' && /Example Ltd/.test(got.messages[0].content.text) && /score_assessment/.test(got.messages[0].content.text), got.messages[0]);
    error = await thrown(() => client.getPrompt({ name: prompt, arguments: { organisation: 'x'.repeat(201) } }));
    check(`${label} an organisation over 200 characters throws McpError -32602 naming the limit`, error instanceof McpError && error.code === ErrorCode.InvalidParams && /organisation.*201 characters.*200/.test(error.message), String(error));
  } else {
    const got = await client.getPrompt({ name: prompt, arguments: { question: 'how do we monitor drift?' } });
    check(`${label} the answer prompt embeds guides as resources`, got.messages.length > 1 && got.messages.slice(1).every((m) => m.content.type === 'resource'), got.messages.map((m) => m.content.type));
    error = await thrown(() => client.getPrompt({ name: prompt, arguments: {} }));
    check(`${label} a missing prompt argument throws McpError -32602 naming it`, error instanceof McpError && error.code === ErrorCode.InvalidParams && /question/.test(error.message), String(error));
  }
  error = await thrown(() => client.getPrompt({ name: 'no_such_prompt' }));
  check(`${label} an unknown prompt throws McpError -32602`, error instanceof McpError && error.code === ErrorCode.InvalidParams, String(error));

  // The whole session: every request after initialize carried the negotiated version, none a
  // session id, and no response minted one; closing sends no DELETE, there being no session.
  const session = wire.slice(mark);
  check(`${label} every later request carried MCP-Protocol-Version: 2025-11-25`, session.slice(1).every((w) => w.version === '2025-11-25'), session.filter((w) => w.version !== '2025-11-25').map((w) => w.rpc));
  check(`${label} no Mcp-Session-Id sent or given`, transport.sessionId === undefined && session.every((w) => w.sessionSent === null && w.sessionGiven === null), session.filter((w) => w.sessionSent || w.sessionGiven));
  const before = wire.length;
  await transport.terminateSession();
  await client.close();
  check(`${label} terminateSession and close send nothing`, wire.length === before, wire.slice(before));
  check(`${label} no error reported by the SDK through the session`, errors.length === 0, errors.map(String));
}

// The deprecated HTTP+SSE client (2024-11-05): it GETs the URL for an event stream that names
// the POST endpoint. The server answers GET with 405, so the SDK fails at once with SseError 405
// (no retry loop), which is what a host's "Streamable HTTP, then SSE" fallback needs to report.
async function sseFallback(path) {
  const mark = wire.length;
  const client = new Client({ name: 'consultancy-api-ci', version: '1.0.0' });
  const transport = new SSEClientTransport(new URL(BASE + path), { fetch: recordingFetch });
  // "At once" on this host: within 2 s, or ten times what the same GET takes made directly,
  // timed just before, if the host is that slow (a starved CI machine). A retry loop would
  // wait its reconnection delay and send a second GET, which the next check refuses anyway.
  const direct = Date.now();
  await fetch(BASE + path, { headers: { accept: 'text/event-stream' } });
  const bound = Math.max(2000, 10 * (Date.now() - direct));
  const started = Date.now();
  const error = await thrown(() => client.connect(transport));
  const elapsed = Date.now() - started;
  await client.close().catch(() => {});
  const sent = wire.slice(mark).map((w) => [w.method, w.status]);
  check(`[${path}] the SSE client fails at once with SseError 405`, error instanceof SseError && error.code === 405 && elapsed < bound, [String(error), error?.code, elapsed, bound]);
  check(`[${path}] the SSE client sent one GET and nothing else`, isDeepStrictEqual(sent, [['GET', 405]]), sent);
}

// A call the host abandons (its AbortSignal; the SDK's timeout takes the same path) is followed
// by `notifications/cancelled`, which the server accepts with 202; the answer that still
// arrives on the POST is the SDK's to drop (it reports "a response for an unknown message ID"
// through onerror).
async function cancellation(path) {
  const client = new Client({ name: 'consultancy-api-ci', version: '1.0.0' });
  client.onerror = () => {};
  await client.connect(new StreamableHTTPClientTransport(new URL(BASE + path), { fetch: recordingFetch }));
  const mark = wire.length;
  const controller = new AbortController();
  const call = thrown(() => client.callTool({ name: 'search', arguments: { query: 'data' } }, undefined, { signal: controller.signal }));
  controller.abort('the host gave up');
  const error = await call;
  const posts = () => wire.slice(mark).filter((w) => w.method === 'POST');
  await until(() => posts().filter((w) => w.status !== null).length >= 2);
  const sent = posts().map((w) => [w.rpc, w.status]).sort();
  check(`[${path}] an abandoned call rejects, and notifications/cancelled is answered 202`, error !== null && isDeepStrictEqual(sent, [['notifications/cancelled', 202], ['tools/call', 200]]), [String(error), sent]);
  await client.close();
}

// A host on an older SDK release, which offered an earlier revision: the same client with the
// `initialize` body rewritten to offer it. The server echoes it and answers in that revision's
// shapes, which this SDK still parses: 2025-06-18 has output schemas and structured content,
// 2025-03-26 neither (nor titles), so each tool's text block alone carries the REST body.
async function olderHost(path, expectedTools, offered) {
  const label = `[${path} ${offered}]`;
  const product = path === '/mcp';
  const rewriting = (input, init = {}) => {
    if (typeof init.body === 'string' && JSON.parse(init.body).method === 'initialize') {
      const body = JSON.parse(init.body);
      body.params.protocolVersion = offered;
      return recordingFetch(input, { ...init, body: JSON.stringify(body) });
    }
    return recordingFetch(input, init);
  };
  const client = new Client({ name: 'consultancy-api-ci', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(BASE + path), { fetch: rewriting });
  const mark = wire.length;
  await client.connect(transport);
  check(`${label} the offered revision is echoed and sent on every later request`, transport.protocolVersion === offered && wire.slice(mark + 1).every((w) => w.version === offered), transport.protocolVersion);
  const { tools } = await client.listTools();
  const modern = offered !== '2025-03-26';
  check(`${label} tools/list: every tool, ${modern ? 'output schemas as in 2025-11-25' : 'no output schemas or titles'}`, isDeepStrictEqual(tools.map((t) => t.name), expectedTools) && tools.filter((t) => t.outputSchema).length === (modern ? expectedTools.length - 2 : 0) && (modern || tools.every((t) => t.title === undefined)), tools.map((t) => [t.name, !!t.outputSchema, t.title]));
  const twins = Object.entries(plan(product)).filter(([, [args, twin]]) => args && twin);
  const answers = [];
  for (const [name, [args, twin]] of twins) {
    const result = await client.callTool({ name, arguments: args });
    answers.push([name, !result.isError && (result.structuredContent !== undefined) === modern && isDeepStrictEqual(JSON.parse(result.content[0].text), await twin())]);
  }
  check(`${label} ${twins.length} tools: the REST body as text${modern ? ' and structured content' : ', no structured content'}`, answers.every(([, ok]) => ok), answers);
  await client.close();
}

async function main() {
  await exercise('/mcp', PRODUCT_TOOLS);
  await exercise('/mcp/docs', DOCS_TOOLS);
  for (const offered of ['2025-06-18', '2025-03-26']) {
    await olderHost('/mcp', PRODUCT_TOOLS, offered);
    await olderHost('/mcp/docs', DOCS_TOOLS, offered);
  }
  await cancellation('/mcp/docs');
  await sseFallback('/mcp');
  await sseFallback('/mcp/docs');
}

try {
  await main();
} catch (error) {
  check('the checks ran to the end', false, error?.stack ?? String(error));
}
console.log(`${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed ? 1 : 0);
