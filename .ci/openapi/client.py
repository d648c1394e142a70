"""A client generated from /openapi.json by openapi-python-client, used as a stranger would.

.ci/openapi.sh generates the package `larchmere_api` from the document the server serves, puts
it on the path and runs this against the release binary:

    python client.py BASE LIMITED_BASE

BASE is a server with a high rate limit; LIMITED_BASE one whose limit is 1 request a minute
(for the 429). Every call goes through the generated functions and every body is read by the
generated models, so a field the document calls required and the server leaves out, a code the
server sends and the document's enum lacks, or a status the operation does not list (the
client raises on those here) fails the run. One line a check; the last says how many passed.
"""

import sys
from http import HTTPStatus

from larchmere_api import AuthenticatedClient, Client
from larchmere_api.api.compute import batch, score_readiness
from larchmere_api.api.content import (
    get_assessment,
    get_service,
    list_services,
    search_resources,
)
from larchmere_api.api.export import export_all
from larchmere_api.api.oauth import issue_token, register_client
from larchmere_api.models import (
    BatchRequest,
    BatchRequestRequestsItem,
    BatchResponse,
    BulkExport,
    ClientRegistrationRequest,
    ClientRegistrationResponse,
    Error,
    ErrorErrorCode,
    OAuthError,
    Page,
    ReadinessResult,
    ResourceSearchPage,
    ScoreRequest,
    ServiceList,
    TokenRequest,
    TokenResponse,
)
from larchmere_api.types import UNSET

base, limited_base = sys.argv[1], sys.argv[2]
passed = 0


def check(name, condition, detail=""):
    global passed
    if not condition:
        print(f"FAIL {name} {detail}")
        print(f"0 passed, 1 failed")
        sys.exit(1)
    passed += 1
    print(f"ok   {name}")


def error_of(response, status, code, name):
    """An error answer, read by the generated Error model: its status and its stable code."""
    parsed = response.parsed
    check(
        f"{name}: {status} {code.value}",
        response.status_code == status
        and isinstance(parsed, Error)
        and parsed.error.code == code
        and parsed.error.message
        and parsed.error.docs.endswith(f"#{code.value}"),
        f"{response.status_code} {response.content[:300]!r}",
    )


# raise_on_unexpected_status: a status the document does not list for the operation is an error.
api = Client(base_url=base, raise_on_unexpected_status=True)

# The services, then one of them, then its 304.
services = list_services.sync_detailed(client=api)
check(
    "list services",
    services.status_code == HTTPStatus.OK
    and isinstance(services.parsed, ServiceList)
    and len(services.parsed.services) > 0,
)
first = services.parsed.services[0]
one = get_service.sync_detailed(first.slug, client=api)
check(
    f"get service {first.slug}",
    one.status_code == HTTPStatus.OK and isinstance(one.parsed, Page) and one.parsed.slug == first.slug,
)
etag = one.headers["etag"]
again = get_service.sync_detailed(first.slug, client=api, if_none_match=etag)
check("get service again with If-None-Match: 304", again.status_code == HTTPStatus.NOT_MODIFIED)

# A search walked to its end by its cursor: pages of 5, no guide twice, the last page without one.
seen, pages, cursor = [], 0, UNSET
while True:
    page = search_resources.sync_detailed(client=api, q="drift", limit=5, cursor=cursor)
    if page.status_code != HTTPStatus.OK or not isinstance(page.parsed, ResourceSearchPage):
        check("search page", False, f"{page.status_code} {page.content[:300]!r}")
    pages += 1
    seen += [r.slug for r in page.parsed.results]
    cursor = page.parsed.next_cursor
    if cursor in (None, UNSET) or pages > 100:
        break
check(
    f"search 'drift' walked by cursor: {len(seen)} guides over {pages} pages",
    pages > 1 and len(seen) == len(set(seen)) and cursor in (None, UNSET),
)

# An assessment scored: every question answered with its middle option.
assessment = get_assessment.sync_detailed(client=api).parsed
questions = sum(len(section.questions) for section in assessment.sections)
scored = score_readiness.sync_detailed(
    client=api, body=ScoreRequest(answers=[2] * questions), idempotency_key="openapi-ci-1"
)
check(
    f"score {questions} answers: {getattr(scored.parsed, 'score', None)}",
    scored.status_code == HTTPStatus.OK
    and isinstance(scored.parsed, ReadinessResult)
    and 0 <= scored.parsed.score <= 100
    and scored.headers.get("idempotency-key") == "openapi-ci-1",
)

# A batch of two GETs, one of them a 404 inside a 200.
batched = batch.sync_detailed(
    client=api,
    body=BatchRequest(
        requests=[
            BatchRequestRequestsItem(path=f"/v1/services/{first.slug}"),
            BatchRequestRequestsItem(path="/v1/services/no-such-service"),
        ]
    ),
)
check(
    "batch of 2: 200 and 404 inside",
    batched.status_code == HTTPStatus.OK
    and isinstance(batched.parsed, BatchResponse)
    and [r.status for r in batched.parsed.responses] == [200, 404],
)

# Register a client, take a token by client credentials, pull the export, then its 304.
registered = register_client.sync_detailed(
    client=api, body=ClientRegistrationRequest(client_name="openapi-python-client")
)
check(
    "register a client: 201",
    registered.status_code == HTTPStatus.CREATED and isinstance(registered.parsed, ClientRegistrationResponse),
)
credentials = registered.parsed
token = issue_token.sync_detailed(
    client=api,
    body=TokenRequest(
        grant_type="client_credentials",
        client_id=credentials.client_id,
        client_secret=credentials.client_secret,
        scope="export",
    ),
)
check(
    "token by client credentials",
    token.status_code == HTTPStatus.OK and isinstance(token.parsed, TokenResponse) and token.parsed.scope == "export",
)
authorised = AuthenticatedClient(base_url=base, token=token.parsed.access_token, raise_on_unexpected_status=True)
export = export_all.sync_detailed(client=authorised)
check(
    f"export: {getattr(export.parsed, 'services', []).__len__()} services, "
    f"{getattr(export.parsed, 'resources', []).__len__()} guides",
    export.status_code == HTTPStatus.OK and isinstance(export.parsed, BulkExport) and len(export.parsed.resources) > 0,
)
export_again = export_all.sync_detailed(client=authorised, if_none_match=export.headers["etag"])
check("export again with If-None-Match: 304", export_again.status_code == HTTPStatus.NOT_MODIFIED)

# One error of each kind the API answers, each body read by the generated model.
error_of(get_service.sync_detailed("Not_A_Slug", client=api), 400, ErrorErrorCode.INVALID_SLUG, "bad slug")
error_of(
    search_resources.sync_detailed(client=api, q="data", cursor="not-a-cursor"),
    400,
    ErrorErrorCode.INVALID_CURSOR,
    "forged cursor",
)
error_of(
    score_readiness.sync_detailed(client=api, body=ScoreRequest(answers=[2, 2])),
    400,
    ErrorErrorCode.INVALID_ANSWERS,
    "two answers",
)
error_of(batch.sync_detailed(client=api, body=BatchRequest(requests=[])), 400, ErrorErrorCode.BATCH_EMPTY, "empty batch")
error_of(
    get_service.sync_detailed("no-such-service", client=api), 404, ErrorErrorCode.SERVICE_NOT_FOUND, "unknown service"
)
# A plain client sends no Authorization header at all.
error_of(export_all.sync_detailed(client=api), 401, ErrorErrorCode.MISSING_TOKEN, "export without a token")
error_of(
    export_all.sync_detailed(client=AuthenticatedClient(base_url=base, token="not.a.token", raise_on_unexpected_status=True)),
    401,
    ErrorErrorCode.INVALID_TOKEN,
    "export with a forged token",
)
error_of(
    get_service.sync_detailed(first.slug, client=api, if_match='"not-the-etag"'),
    412,
    ErrorErrorCode.PRECONDITION_FAILED,
    "If-Match that names no representation",
)
error_of(
    score_readiness.sync_detailed(client=api, body=ScoreRequest(answers=[2] * 5000)),
    413,
    ErrorErrorCode.PAYLOAD_TOO_LARGE,
    "a score body over 8 KiB",
)
# The generated functions always send JSON, so the 415 goes through the client's own httpx
# client; its body is still read by the generated model.
raw = api.get_httpx_client().post("/v1/ai-readiness/score", content=b"answers=1", headers={"content-type": "text/plain"})
plain = Error.from_dict(raw.json())
check(
    "text/plain score body: 415 unsupported_media_type",
    raw.status_code == 415 and plain.error.code == ErrorErrorCode.UNSUPPORTED_MEDIA_TYPE,
    f"{raw.status_code} {raw.text[:300]}",
)
# A head past 32 KiB is refused before the API reads it, with the Error body all the same
# (hyper's own 431 had none). On the connection kept alive after the 415 above, where hyper
# alone read such a head whole and served it (README, Limits).
raw = api.get_httpx_client().get("/v1/services", headers={"x-long": "a" * 40_000})
large = Error.from_dict(raw.json())
check(
    "a header past 32 KiB: 431 header_fields_too_large",
    raw.status_code == 431 and large.error.code == ErrorErrorCode.HEADER_FIELDS_TOO_LARGE,
    f"{raw.status_code} {raw.text[:300]}",
)
limited = Client(base_url=limited_base, raise_on_unexpected_status=True)
list_services.sync_detailed(client=limited)
error_of(list_services.sync_detailed(client=limited), 429, ErrorErrorCode.RATE_LIMITED, "second request over a limit of 1")

# The OAuth endpoints answer RFC 6749's error body, read by the generated OAuthError.
wrong_secret = issue_token.sync_detailed(
    client=api,
    body=TokenRequest(grant_type="client_credentials", client_id=credentials.client_id, client_secret="wrong"),
)
check(
    "token with a wrong secret: 401 invalid_client",
    wrong_secret.status_code == 401
    and isinstance(wrong_secret.parsed, OAuthError)
    and wrong_secret.parsed.error == "invalid_client",
    f"{wrong_secret.status_code} {wrong_secret.content[:300]!r}",
)
bad_scope = issue_token.sync_detailed(
    client=api,
    body=TokenRequest(
        grant_type="client_credentials",
        client_id=credentials.client_id,
        client_secret=credentials.client_secret,
        scope="admin",
    ),
)
check(
    "token for an unknown scope: 400 invalid_scope",
    bad_scope.status_code == 400 and isinstance(bad_scope.parsed, OAuthError) and bad_scope.parsed.error == "invalid_scope",
    f"{bad_scope.status_code} {bad_scope.content[:300]!r}",
)

print(f"openapi client: {passed} passed, 0 failed")
