// The A2A agent through the official JavaScript SDK (`@a2a-js/sdk` 1.x), used as an integrator
// on Node would use it, against a running server (`.ci/a2a-js.sh`): `ClientFactory` resolves the
// card and picks its transport; the `Client` it returns sends a question (answer and cited
// sources back), a follow-up through the context id, readiness answers as a data part, the
// same question streamed, GetTask and ListTasks, and meets the agent's errors as the SDK's own
// error classes; then much the same through the SDK's 0.3 compatibility mode. A fetch wrapper
// records the method and `A2A-Version` of every call on the wire, since the SDK would parse a
// 0.3 answer to a 1.0 question without complaint.
//
// Each check prints one line; the last line is `N passed, N failed`. Exits non-zero on any
// failure. Usage: node clients.mjs http://127.0.0.1:PORT

import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Role, TaskState } from '@a2a-js/sdk';
import { ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import {
  A2A_ERROR_CODE,
  PushNotificationNotSupportedError,
  RequestMalformedError,
  TaskNotFoundError,
} from '@a2a-js/sdk/errors';

const BASE = (process.argv[2] ?? '').replace(/\/+$/, '');
const ANSWERS = [2, 3, 2, 1, 2, 3, 1, 2, 2, 3, 1, 2, 3, 2, 1, 2];
const QUESTION = 'How should we monitor a model for drift in production?';
const results = { passed: 0, failed: 0 };

function check(name, condition, detail = '') {
  if (condition) {
    results.passed += 1;
    console.log(`ok   ${name}`);
  } else {
    results.failed += 1;
    console.log(`FAIL ${name} ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
  }
}

// Every JSON-RPC call the SDK makes: [method, A2A-Version header].
const wire = [];
async function recordingFetch(input, init) {
  if (init?.method === 'POST' && typeof init.body === 'string') {
    const headers = new Headers(init.headers);
    wire.push([JSON.parse(init.body).method, headers.get('a2a-version')]);
  }
  return fetch(input, init);
}
function sentSince(mark) {
  return wire.slice(mark);
}

function textMessage(text, contextId = '') {
  return {
    message: {
      messageId: randomUUID(),
      contextId,
      role: Role.ROLE_USER,
      parts: [{ content: { $case: 'text', value: text } }],
    },
  };
}

function dataMessage(data) {
  return {
    message: {
      messageId: randomUUID(),
      role: Role.ROLE_USER,
      parts: [{ content: { $case: 'data', value: data } }],
    },
  };
}

function partsOf(message) {
  const text = message.parts.filter((p) => p.content?.$case === 'text').map((p) => p.content.value);
  const data = message.parts.filter((p) => p.content?.$case === 'data').map((p) => p.content.value);
  return { text, data };
}

// What /ask answers: the same engine, so the same text.
async function expectedText(question, prev = []) {
  const response = await fetch(`${BASE}/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: question, prev, streaming: false }),
  });
  if (!response.ok) throw new Error(`/ask answered ${response.status}`);
  return (await response.json()).content[0].text;
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

async function main() {
  const factory = new ClientFactory();
  const client = await factory.createFromUrl(BASE);
  const card = await client.getAgentCard();
  const versions = card.supportedInterfaces.map((i) => i.protocolVersion);
  check('card resolves with both interfaces, 1.0 first', isDeepStrictEqual(versions, ['1.0', '0.3']), versions);
  check('card declares streaming', card.capabilities?.streaming === true, card.capabilities);
  check('card lists four skills', card.skills.length === 4, card.skills.map((s) => s.id));
  check('the client speaks 1.0', client.protocolVersion === '1.0', client.protocolVersion);

  // The same factory with the recording fetch, to see what goes on the wire.
  const recorded = await new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl: recordingFetch })],
  }).createFromAgentCard(card);

  // A question: the answer text, and the cited sources as schema.org objects.
  let mark = wire.length;
  const answer = await recorded.sendMessage(textMessage(QUESTION));
  check('SendMessage with A2A-Version 1.0 on the wire', isDeepStrictEqual(sentSince(mark), [['SendMessage', '1.0']]), sentSince(mark));
  check('the reply is a message, not a task', Array.isArray(answer.parts) && !('status' in answer), Object.keys(answer));
  check('agent role', answer.role === Role.ROLE_AGENT, answer.role);
  const { text, data } = partsOf(answer);
  check('the answer text is /ask\'s', isDeepStrictEqual(text, [await expectedText(QUESTION)]), text);
  const sources = data[0]?.sources ?? [];
  check('sources as schema.org objects', data.length === 1 && sources.length > 0 && sources.every((s) => typeof s['@type'] === 'string' && typeof s.url === 'string'), data);
  const cited = (data[0]?.sentences ?? []).flatMap((s) => s.sources);
  check('every sentence cites sources that are listed', cited.length > 0 && cited.every((i) => Number.isInteger(i) && i >= 0 && i < sources.length), data[0]?.sentences);
  check('a context id is minted', answer.contextId.startsWith('ctx-'), answer.contextId);

  // A follow-up through the context id is answered in the light of the first question.
  const followUp = await recorded.sendMessage(textMessage('what about in healthcare?', answer.contextId));
  const wanted = await expectedText('what about in healthcare?', [QUESTION]);
  check('follow-up through the context id', isDeepStrictEqual(partsOf(followUp).text, [wanted]), partsOf(followUp).text);
  check('context id kept', followUp.contextId === answer.contextId, followUp.contextId);

  // Readiness answers as a data part: the REST score, word for word.
  const scored = partsOf(await recorded.sendMessage(dataMessage({ answers: ANSWERS })));
  const rest = await (await fetch(`${BASE}/v1/ai-readiness/score`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answers: ANSWERS }),
  })).json();
  check('readiness from a data part', isDeepStrictEqual(scored.data, [rest]), scored.data);
  check('readiness summary', scored.text.length === 1 && scored.text[0].includes(`${rest.score} out of 100`), scored.text);

  // The same question streamed: one event, the same message.
  mark = wire.length;
  const events = [];
  for await (const event of recorded.sendMessageStream(textMessage(QUESTION))) events.push(event);
  check('SendStreamingMessage with A2A-Version 1.0 on the wire', isDeepStrictEqual(sentSince(mark), [['SendStreamingMessage', '1.0']]), sentSince(mark));
  const streamed = events.length === 1 && events[0].payload?.$case === 'message' ? events[0].payload.value : null;
  check('the stream is one message event', streamed !== null, events.map((e) => e.payload?.$case));
  check('the streamed answer is the sent one', streamed !== null && isDeepStrictEqual(partsOf(streamed), partsOf(answer)), streamed && partsOf(streamed).text);

  // Tasks: none is ever stored.
  // A ListTasksRequest as the SDK's types require it: every field but the optional ones, no
  // status filter.
  const everyTask = {
    tenant: '',
    contextId: '',
    status: TaskState.TASK_STATE_UNSPECIFIED,
    pageToken: '',
    statusTimestampAfter: undefined,
  };
  mark = wire.length;
  const listed = await recorded.listTasks(everyTask);
  check('ListTasks on the wire', isDeepStrictEqual(sentSince(mark), [['ListTasks', '1.0']]), sentSince(mark));
  check('ListTasks is one empty page', listed.tasks.length === 0 && listed.nextPageToken === '', listed);
  // `listTasks({})`, the untyped call, sends `"status": "UNRECOGNIZED"`, which the SDK's own
  // server refuses too; the agent's refusal says what to send instead.
  let error = await thrown(() => recorded.listTasks({}));
  check('listTasks({}) throws RequestMalformedError saying what to send', error instanceof RequestMalformedError && /TASK_STATE_UNSPECIFIED, 0, for no filter/.test(error.message), String(error));
  error = await thrown(() => recorded.getTask({ id: 'task-1' }));
  check('GetTask throws TaskNotFoundError', error instanceof TaskNotFoundError, String(error));
  check('TaskNotFoundError names the task', JSON.stringify(error?.data ?? null).includes('"taskId":"task-1"'), error?.data);

  // The errors for bad params, as the SDK's classes.
  error = await thrown(() => recorded.getTask({ id: 'task-1', historyLength: -1 }));
  check('a negative historyLength throws RequestMalformedError (invalid params)', error instanceof RequestMalformedError && error.envelopeCode === A2A_ERROR_CODE.INVALID_PARAMS, String(error));
  error = await thrown(() => recorded.sendMessage(textMessage('   ')));
  check('a blank question throws RequestMalformedError (invalid params)', error instanceof RequestMalformedError && error.envelopeCode === A2A_ERROR_CODE.INVALID_PARAMS, String(error));
  check('its message says what is wrong', /missing or blank/.test(error?.message ?? ''), error?.message);
  error = await thrown(() => recorded.listTasks({ ...everyTask, pageToken: 'page-2' }));
  check('a page token never issued throws RequestMalformedError', error instanceof RequestMalformedError && error.envelopeCode === A2A_ERROR_CODE.INVALID_PARAMS, String(error));
  // The card says `pushNotifications: false`, so the client refuses a push config itself.
  mark = wire.length;
  error = await thrown(() => recorded.createTaskPushNotificationConfig({ taskId: 'task-1', url: 'https://hooks.example/a2a' }));
  check('a push config throws PushNotificationNotSupportedError, sending nothing', error instanceof PushNotificationNotSupportedError && sentSince(mark).length === 0, [String(error), sentSince(mark)]);

  // The SDK's 0.3 compatibility mode, as against an agent that serves only 0.3: a copy of the
  // card keeping the 0.3 interface alone, and a transport factory with `legacyCompat`.
  const legacyCard = { ...card, supportedInterfaces: card.supportedInterfaces.filter((i) => i.protocolVersion === '0.3') };
  const legacy = await new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl: recordingFetch, legacyCompat: { enabled: true } })],
  }).createFromAgentCard(legacyCard);
  check('0.3 compat: the client speaks 0.3', legacy.protocolVersion === '0.3', legacy.protocolVersion);
  mark = wire.length;
  const legacyAnswer = await legacy.sendMessage(textMessage(QUESTION));
  check('0.3 compat: message/send with A2A-Version 0.3 on the wire', isDeepStrictEqual(sentSince(mark), [['message/send', '0.3']]), sentSince(mark));
  check('0.3 compat: the same answer and sources as 1.0', legacyAnswer.role === Role.ROLE_AGENT && isDeepStrictEqual(partsOf(legacyAnswer), partsOf(answer)), partsOf(legacyAnswer).text);
  const legacyScored = partsOf(await legacy.sendMessage(dataMessage({ answers: ANSWERS })));
  check('0.3 compat: readiness from a data part', isDeepStrictEqual(legacyScored.data, [rest]), legacyScored.data);
  mark = wire.length;
  const legacyEvents = [];
  for await (const event of legacy.sendMessageStream(textMessage(QUESTION))) legacyEvents.push(event);
  check('0.3 compat: message/stream, one message event', isDeepStrictEqual(sentSince(mark), [['message/stream', '0.3']]) && legacyEvents.length === 1 && legacyEvents[0].payload?.$case === 'message', [sentSince(mark), legacyEvents.map((e) => e.payload?.$case)]);
  error = await thrown(() => legacy.getTask({ id: 'task-1' }));
  check('0.3 compat: tasks/get throws TaskNotFoundError', error instanceof TaskNotFoundError, String(error));
}

try {
  await main();
} catch (error) {
  check('the checks ran to the end', false, error?.stack ?? String(error));
}
console.log(`${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed ? 1 : 0);
