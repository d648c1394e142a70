"""Reads the served /llms.txt with the reference parser (the `llms-txt` PyPI package) and builds
the context file the way its `llms_txt2ctx` tool does, fetching every linked document.

Usage: python llms_txt_check.py BASE_URL  (run by .ci/browser.sh in a venv it creates)
"""

import sys

import httpx
from llms_txt import create_ctx, parse_llms_file

EXPECTED_SECTIONS = [
    "Services",
    "Industries",
    "Case studies",
    "Guides and assessment",
    "API",
    "Agent endpoints",
    "Optional",
]

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "llms.txt check", "version": "1"}},
}


def fetch(section: str, url: str) -> httpx.Response:
    """A link as its notes say to call it: the agent endpoints' MCP servers take an `initialize`
    by POST and /ask a question; everything else is a GET."""
    if section == "Agent endpoints" and url.endswith(("/mcp", "/mcp/docs")):
        response = httpx.post(url, json=INITIALIZE)
        assert "serverInfo" in response.json()["result"], (url, response.text)
        return response
    if section == "Agent endpoints" and url.endswith("/ask"):
        return httpx.get(url, params={"query": "what is mlops"})
    return httpx.get(url)


def main(base: str) -> None:
    base = base.rstrip("/")
    response = httpx.get(base + "/llms.txt")
    assert response.status_code == 200, response.status_code
    assert response.headers["content-type"] == "text/plain; charset=utf-8", response.headers
    text = response.text

    parsed = parse_llms_file(text)
    company = httpx.get(base + "/v1/contact").json()["company"]
    assert parsed.title == company, (parsed.title, company)
    assert parsed.summary and len(parsed.summary) > 40, parsed.summary
    assert list(parsed.sections) == EXPECTED_SECTIONS, list(parsed.sections)

    n_links = 0
    for name, links in parsed.sections.items():
        assert links, f"section {name} is empty"
        for link in links:
            assert link["title"] and link["desc"], link
            linked = fetch(name, link["url"])
            assert linked.status_code == 200, (link["url"], linked.status_code)
            n_links += 1

    # What llms_txt2ctx produces without the Optional section: one <doc> per link, fetched.
    context = create_ctx(text, optional=False)
    n_required = sum(len(links) for name, links in parsed.sections.items() if name != "Optional")
    assert context.count("<doc ") == n_required, (context.count("<doc "), n_required)
    assert "# MLOps" in context, "the service twins' markdown is in the context"
    print(f"llms.txt: {len(parsed.sections)} sections, {n_links} links, all fetched; context {len(context)} characters")


if __name__ == "__main__":
    main(sys.argv[1])
