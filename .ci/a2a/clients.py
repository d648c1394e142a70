"""The agent surfaces through real clients, against a running server (`.ci/a2a.sh`).

- A2A: the official Python SDK (`a2a-sdk` 1.x) resolves the agent card, then sends messages
  streaming and not, in protocol 1.0 and in the SDK's 0.3 compatibility mode (a card whose
  only interface is the 0.3 one), scores readiness from a data part, follows up through the
  context id, and meets the task and push-notification errors as the SDK's own exceptions.
- /ask: JSON with httpx, and the event stream with httpx-sse.

Each check prints one line; the last line is `N passed, N failed`. Exits non-zero on any
failure. Usage: python clients.py http://127.0.0.1:PORT
"""

import asyncio
import json
import sys
import traceback
import uuid

import httpx
from a2a.client import A2ACardResolver, ClientConfig, ClientFactory
from a2a.client.errors import A2AClientError
from a2a.types import (
    AgentCard,
    GetTaskRequest,
    ListTasksRequest,
    Message,
    Part,
    Role,
    SendMessageRequest,
    TaskPushNotificationConfig,
)
from a2a.utils.errors import PushNotificationNotSupportedError, TaskNotFoundError
from google.protobuf import json_format, struct_pb2
from httpx_sse import aconnect_sse

BASE = sys.argv[1].rstrip("/")
ANSWERS = [2, 3, 2, 1, 2, 3, 1, 2, 2, 3, 1, 2, 3, 2, 1, 2]
QUESTION = "How should we monitor a model for drift in production?"
RESULTS = {"passed": 0, "failed": 0}


def check(name, condition, detail=""):
    if condition:
        RESULTS["passed"] += 1
        print(f"ok   {name}")
    else:
        RESULTS["failed"] += 1
        print(f"FAIL {name} {detail}")


def text_message(text, context_id=None):
    message = Message(role=Role.ROLE_USER, message_id=str(uuid.uuid4()), parts=[Part(text=text)])
    if context_id:
        message.context_id = context_id
    return SendMessageRequest(message=message)


def data_message(data):
    value = struct_pb2.Value()
    json_format.ParseDict(data, value)
    part = Part(data=value)
    return SendMessageRequest(
        message=Message(role=Role.ROLE_USER, message_id=str(uuid.uuid4()), parts=[part])
    )


async def reply(client, request):
    """The one message the agent answers with; fails on anything else."""
    events = [event async for event in client.send_message(request)]
    assert len(events) == 1, f"one event expected, got {len(events)}"
    assert events[0].HasField("message"), f"a message expected: {events[0]}"
    return events[0].message


def parts_of(message):
    text = [p.text for p in message.parts if p.HasField("text")]
    data = [json_format.MessageToDict(p.data) for p in message.parts if p.HasField("data")]
    return text, data


async def expected_text(http, question, prev=()):
    """What /ask answers: the same engine, so the same text."""
    body = {"query": question, "prev": list(prev), "streaming": False}
    response = await http.post(f"{BASE}/ask", json=body)
    response.raise_for_status()
    return response.json()["content"][0]["text"]


async def a2a_checks(http):
    card = await A2ACardResolver(http, BASE).get_agent_card()
    versions = [i.protocol_version for i in card.supported_interfaces]
    check("card resolves with both interfaces, 1.0 first", versions == ["1.0", "0.3"], versions)
    check("card declares streaming", card.capabilities.streaming)
    check("card lists four skills", len(card.skills) == 4, [s.id for s in card.skills])

    legacy_card = AgentCard()
    legacy_card.CopyFrom(card)
    del legacy_card.supported_interfaces[0]
    expected = await expected_text(http, QUESTION)

    wire = {
        ("1.0", False): ("SendMessage", "1.0"),
        ("1.0", True): ("SendStreamingMessage", "1.0"),
        ("0.3 compat", False): ("message/send", "0.3"),
        ("0.3 compat", True): ("message/stream", "0.3"),
    }
    for label, agent_card in [("1.0", card), ("0.3 compat", legacy_card)]:
        for streaming in [False, True]:
            name = f"{label} {'streaming' if streaming else 'send'}"
            sent = []

            async def record(request, sent=sent):
                body = json.loads(request.content or b"{}")
                sent.append((body.get("method"), request.headers.get("a2a-version")))

            http_client = httpx.AsyncClient(timeout=30, event_hooks={"request": [record]})
            config = ClientConfig(streaming=streaming, httpx_client=http_client)
            client = ClientFactory(config).create(agent_card)
            try:
                message = await reply(client, text_message(QUESTION))
                text, data = parts_of(message)
                check(f"{name}: method and A2A-Version on the wire", sent == [wire[(label, streaming)]], sent)
                check(f"{name}: agent role", message.role == Role.ROLE_AGENT)
                check(f"{name}: the answer text", text == [expected], text)
                check(
                    f"{name}: sources as schema.org objects",
                    len(data) == 1 and all("@type" in s for s in data[0]["sources"]),
                    data,
                )
                check(f"{name}: a context id is minted", message.context_id.startswith("ctx-"))

                follow_up = await reply(
                    client, text_message("what about in healthcare?", message.context_id)
                )
                follow_text, _ = parts_of(follow_up)
                wanted = await expected_text(http, "what about in healthcare?", [QUESTION])
                check(f"{name}: follow-up through the context id", follow_text == [wanted])
                check(f"{name}: context id kept", follow_up.context_id == message.context_id)

                scored = await reply(client, data_message({"answers": ANSWERS}))
                score_text, score_data = parts_of(scored)
                rest = (await http.post(f"{BASE}/v1/ai-readiness/score", json={"answers": ANSWERS})).json()
                check(f"{name}: readiness from a data part", score_data == [rest], score_data)
                check(f"{name}: readiness summary", f"{rest['score']} out of 100" in score_text[0])
            except Exception:  # noqa: BLE001 - report and go on to the next check
                check(name, False, traceback.format_exc())
            finally:
                await client.close()

    config = ClientConfig(streaming=False, httpx_client=httpx.AsyncClient(timeout=30))
    client = ClientFactory(config).create(card)
    try:
        try:
            await client.get_task(GetTaskRequest(id="task-1"))
            check("GetTask raises TaskNotFoundError", False, "no error")
        except TaskNotFoundError as error:
            check("GetTask raises TaskNotFoundError", True)
            check("TaskNotFoundError carries the task id", (error.data or {}).get("taskId") == "task-1", error.data)
        listed = await client.list_tasks(ListTasksRequest())
        check("ListTasks is empty", len(listed.tasks) == 0 and listed.next_page_token == "")
        try:
            await client.create_task_push_notification_config(
                TaskPushNotificationConfig(task_id="task-1", url="https://hooks.example/a2a")
            )
            check("push config raises PushNotificationNotSupportedError", False, "no error")
        except PushNotificationNotSupportedError:
            check("push config raises PushNotificationNotSupportedError", True)
        try:
            await reply(client, text_message("   "))
            check("a blank question is refused", False, "no error")
        except A2AClientError as error:
            check("a blank question is refused", "missing or blank" in str(error), error)
        except Exception as error:  # noqa: BLE001 - the SDK maps -32602 to its own class
            check("a blank question is refused", "missing or blank" in str(error), repr(error))
    finally:
        await client.close()


async def ask_checks(http):
    question = "What is a data contract?"
    plain = await http.get(f"{BASE}/ask", params={"query": question})
    check("/ask answers curl-like clients with JSON", plain.headers["content-type"].startswith("application/json"))
    as_json = plain.json()
    meta, content = None, []
    async with aconnect_sse(http, "GET", f"{BASE}/ask", params={"query": question}) as source:
        ids = []
        async for event in source.aiter_sse():
            ids.append(event.id)
            data = json.loads(event.data)
            meta = data.get("_meta", meta)
            content.extend(data.get("content", []))
    check("/ask streams four events to an event-stream client", ids == ["1", "2", "3", "4"], ids)
    check("/ask stream adds up to the JSON answer", {"_meta": meta, "content": content} == as_json)


async def main():
    async with httpx.AsyncClient(timeout=30) as http:
        for checks in (a2a_checks, ask_checks):
            try:
                await checks(http)
            except Exception:  # noqa: BLE001 - one broken group must not hide the others
                check(checks.__name__, False, traceback.format_exc())
    print(f"{RESULTS['passed']} passed, {RESULTS['failed']} failed")
    return 1 if RESULTS["failed"] else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
