"""The official Python MCP SDK as a client of both MCP servers of a running binary.

Run by .ci/mcp.sh in a virtual environment holding one major version of the `mcp` package:

    python clients.py http://127.0.0.1:PORT auto     # mcp 2.x, default mode: 2026-07-28
    python clients.py http://127.0.0.1:PORT legacy   # mcp 2.x pinned to the initialize handshake
    python clients.py http://127.0.0.1:PORT v1       # mcp 1.x: initialize, legacy revisions only

Each run lists and calls every tool of both servers, pages through and reads resources, lists
the resource templates, lists and gets the prompts, and checks failures (a tool's isError, an
unknown tool, an unknown resource). It prints one line per check and exits non-zero on the
first failure.
"""

from __future__ import annotations

import asyncio
import json
import sys
import warnings
from contextlib import asynccontextmanager
from typing import Any

PRODUCT_TOOLS = [
    "list_services", "get_service", "list_industries", "list_case_studies", "get_case_study",
    "get_contact", "get_assessment_questions", "score_assessment", "search", "fetch",
]
DOCS_TOOLS = ["search_guides", "get_guide", "list_categories", "search_api_docs", "search", "fetch"]
# The contract's numbers: 13 services, 6 industries, 3 case studies, 169 guides; and the
# assessment and the contact details (JSON).
PRODUCT_RESOURCES = 13 + 6 + 3 + 2
GUIDES = 169


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"FAIL: {what}")
    print(f"ok   {what}")


class Session:
    """One SDK's client behind the same few calls (2.x `Client`, 1.x `ClientSession`)."""

    def __init__(self, inner: Any, v1: bool) -> None:
        self.inner = inner
        self.v1 = v1

    @property
    def protocol_version(self) -> str:
        return self.negotiated

    async def list_tools(self) -> list[Any]:
        return (await self.inner.list_tools()).tools

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> tuple[bool, Any, str]:
        result = await self.inner.call_tool(name, arguments)
        if self.v1:
            return result.isError, result.structuredContent, result.content[0].text
        return result.is_error, result.structured_content, result.content[0].text

    async def list_resources(self, cursor: str | None) -> tuple[list[Any], str | None]:
        if self.v1:
            page = await self.inner.list_resources(cursor)
            return page.resources, page.nextCursor
        page = await self.inner.list_resources(cursor=cursor)
        return page.resources, page.next_cursor

    async def read_resource(self, uri: str) -> str:
        result = await self.inner.read_resource(uri)
        return result.contents[0].text

    async def list_templates(self) -> list[Any]:
        page = await self.inner.list_resource_templates()
        return page.resourceTemplates if self.v1 else page.resource_templates

    async def list_prompts(self) -> list[Any]:
        return (await self.inner.list_prompts()).prompts

    async def get_prompt(self, name: str, arguments: dict[str, str]) -> list[Any]:
        return (await self.inner.get_prompt(name, arguments)).messages

    async def ping(self) -> None:
        await self.inner.send_ping()


@asynccontextmanager
async def connect(url: str, mode: str):
    if mode == "v1":
        from mcp import ClientSession
        from mcp.client.streamable_http import streamable_http_client

        async with streamable_http_client(url) as (read, write, _session_id):
            async with ClientSession(read, write) as inner:
                init = await inner.initialize()
                session = Session(inner, v1=True)
                session.negotiated = init.protocolVersion
                session.server_name = init.serverInfo.name
                yield session
    else:
        from mcp import Client

        async with Client(url, mode=mode) as inner:
            session = Session(inner, v1=False)
            session.negotiated = inner.protocol_version
            session.server_name = inner.server_info.name if inner.server_info else ""
            yield session


def arguments_for(name: str, product: bool) -> dict[str, Any]:
    return {
        "get_service": {"slug": "mlops"},
        "score_assessment": {"answers": [2] * 16},
        "search_guides": {"q": "data quality", "limit": 3},
        "search_api_docs": {"query": "invalid_cursor"},
        "search": {"query": "mlops" if product else "data quality"},
        "fetch": {"id": "services/mlops" if product else "docs/api"},
    }.get(name, {})


async def exercise(base: str, mode: str) -> None:
    for path, expected_tools in [("/mcp", PRODUCT_TOOLS), ("/mcp/docs", DOCS_TOOLS)]:
        product = path == "/mcp"
        label = f"[{mode} {path}]"
        async with connect(base + path, mode) as session:
            wanted_version = "2026-07-28" if mode == "auto" else "2025-11-25"
            check(session.protocol_version == wanted_version, f"{label} negotiated {session.protocol_version}")
            check(session.server_name.startswith("example.larchmere/"), f"{label} server {session.server_name}")

            tools = await session.list_tools()
            check([t.name for t in tools] == expected_tools, f"{label} tools/list names every tool")
            for definition in tools:
                arguments = arguments_for(definition.name, product)
                if definition.name == "get_case_study":
                    listing = json.loads((await session.call_tool("list_case_studies", {}))[2])
                    arguments = {"slug": listing["caseStudies"][0]["slug"]}
                if definition.name == "get_guide":
                    page = json.loads((await session.call_tool("search_guides", {"q": "data quality", "limit": 1}))[2])
                    arguments = {"slug": page["results"][0]["slug"]}
                is_error, structured, text = await session.call_tool(definition.name, arguments)
                check(not is_error, f"{label} {definition.name} answers")
                if definition.name in ("search", "fetch"):
                    body = json.loads(text)
                    keys = ["results"] if definition.name == "search" else ["id", "title", "text", "url", "metadata"]
                    check(list(body) == keys, f"{label} {definition.name} holds {keys}")
                else:
                    # The SDK has already validated structured content against outputSchema.
                    check(structured == json.loads(text), f"{label} {definition.name} text equals structuredContent")

            # Both servers find and read the contact details as the document `contact`.
            for query in ["contact", "how do I get in touch", "email", "book a call"]:
                _, _, text = await session.call_tool("search", {"query": query})
                first = json.loads(text)["results"][0]
                check(first["id"] == "contact", f"{label} search {query!r} finds the contact details first")
            _, _, text = await session.call_tool("fetch", {"id": "contact"})
            document = json.loads(text)
            check(
                document["url"].endswith("/#contact") and "mailto:" in document["text"],
                f"{label} fetch contact gives the email, url {document['url']}",
            )

            is_error, _, text = await session.call_tool(
                "get_service" if product else "get_guide", {"slug": "no-such-thing"}
            )
            check(is_error and "no-such-thing" in text, f"{label} a failing tool is an isError result: {text}")
            try:
                await session.call_tool("no_such_tool", {})
                check(False, f"{label} an unknown tool raises")
            except Exception as error:  # the SDKs raise their MCPError / McpError
                check("no_such_tool" in str(error), f"{label} an unknown tool raises: {error}")

            uris: list[str] = []
            cursor = None
            pages = 0
            while True:
                resources, cursor = await session.list_resources(cursor)
                pages += 1
                uris.extend(str(r.uri) for r in resources)
                if not cursor:
                    break
            # Docs: the guides, the 3 documentation pages, the docs index and error codes, the
            # contact details, OpenAPI.
            expected = PRODUCT_RESOURCES if product else GUIDES + 3 + 2 + 2
            check(len(uris) == expected and len(set(uris)) == expected, f"{label} {len(uris)} resources in {pages} pages")
            if not product:
                check(pages > 1, f"{label} resources/list is paged with nextCursor")
            contact = [uri for uri in uris if uri.endswith("/v1/contact")]
            check(len(contact) == 1, f"{label} the contact details are a resource: {contact}")
            email = json.loads(await session.read_resource(contact[0]))["email"]
            check(email in document["text"], f"{label} the resource and the document give {email}")
            for uri in uris[::29]:
                text = await session.read_resource(uri)
                check(len(text) > 100, f"{label} read {uri}")
            try:
                await session.read_resource("https://nowhere.example/x")
                check(False, f"{label} an unknown resource raises")
            except Exception as error:
                check("nowhere.example" in str(error), f"{label} an unknown resource raises: {error}")

            templates = await session.list_templates()
            check(len(templates) == (0 if product else 1), f"{label} resources/templates/list")
            if templates:
                page = json.loads((await session.call_tool("search_guides", {"limit": 1}))[2])
                template = templates[0].uriTemplate if session.v1 else templates[0].uri_template
                uri = template.replace("{slug}", page["results"][0]["slug"])
                text = await session.read_resource(uri)
                check(text.startswith("# "), f"{label} the guide template expands to a readable URI")

            prompts = await session.list_prompts()
            check(len(prompts) == 1, f"{label} prompts/list")
            if product:
                messages = await session.get_prompt("readiness_interview", {"organisation": "Example Ltd"})
                check("score_assessment" in messages[0].content.text, f"{label} the interview prompt")
            else:
                messages = await session.get_prompt("answer_from_guides", {"question": "how do we monitor drift?"})
                check(len(messages) > 1 and messages[1].content.type == "resource", f"{label} the answer prompt embeds guides")
            if mode != "auto":
                await session.ping()
                check(True, f"{label} ping")


def main() -> None:
    # mcp 2.x warns on every ping, whatever the mode; ping is only sent in legacy modes here.
    warnings.filterwarnings("ignore", message="ping is removed")
    base, mode = sys.argv[1], sys.argv[2]
    asyncio.run(exercise(base.rstrip("/"), mode))
    print(f"all checks passed ({mode})")


if __name__ == "__main__":
    main()
