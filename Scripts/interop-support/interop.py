#!/usr/bin/env python3
"""Interop matrix for `wireform`: builds requests with the tool and checks that real parsers, none of them written
by this project, decode exactly what was meant.

Parsers: PHP (php-cgi: $_GET is parse_str's parser, $_POST, $_FILES via main/rfc1867.c, json_decode), Ruby Rack
(Request#GET = Rack::Utils.parse_nested_query, Request#POST, Rack::Multipart, json gem), Werkzeug (Request.args,
.form, .files), python-multipart, Python's email module, urllib.parse.parse_qsl, json and plistlib.

Where the parsers disagree among themselves, each check states every parser's reading, and Wireform targets:
- nested forms and queries (bracket style): PHP and Rack, which rebuild the tree; Werkzeug and parse_qsl get the
  flat pairs. Null is a bare key: "" for PHP, Werkzeug and parse_qsl, nil for Rack (both readings are checked).
- arrays of dictionaries: Rack, the only reader that rebuilds [{...}, {...}] from AFNetworking's `a[][k]` form;
  PHP starts a new element at every `[]` (a documented limitation of the bracket style).
- sets in the bracket style: repeated keys, as AFNetworking wrote them, read by the multi-value parsers (Werkzeug,
  parse_qsl); PHP and Rack keep only the last, so sets for PHP use --query-style indexed.
- indexed style: PHP, which turns a[0], a[1] into a list (Rack makes a hash {"0", "1"}).
- repeated, comma, dotted, deep-object: the flat readers (Werkzeug, parse_qsl), as OpenAPI and Spring servers do.
- multipart names and file names: escaped as browsers do (WHATWG), so every parser reads what it reads from a
  browser; Werkzeug is the target because it turns %22 back into a quote and keeps backslashes.
- JSON: Python, PHP and Ruby; integers beyond int64 are checked with Python and Ruby only (PHP makes them floats).
- property lists: plistlib (PHP and Ruby have no property-list parser in their standard installs).

Usage: interop.py WIREFORM_BINARY. Prints one line per failed check, then `N passed, N failed`; exits 1 on failure.
Environment: INTEROP_VERBOSE=1 prints every check; INTEROP_SCALE=0 skips the 1 GiB upload through --send (about
15 s); INTEROP_SCALE_MIB sets its size.
"""

import base64
import email.parser
import email.policy
import hashlib
import io
import json
import os
import plistlib
import subprocess
import sys
import tempfile
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
WIREFORM = os.path.abspath(sys.argv[1])
VERBOSE = os.environ.get("INTEROP_VERBOSE") == "1"
TMP = tempfile.mkdtemp(prefix="wireform-interop-")

passed = 0
failed = 0


def check(name, actual, expected):
    """Records one check; prints a diff line on failure."""
    global passed, failed
    if actual == expected:
        passed += 1
        if VERBOSE:
            print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}\n     expected {short(expected)}\n     actual   {short(actual)}")


def short(value, limit=600):
    text = json.dumps(value, ensure_ascii=False, default=repr) if not isinstance(value, (bytes, str)) else repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


# ---------------------------------------------------------------------------------------------------------------
# Running the tool and reading its HTTP/1.1 output


def wireform(*args, stdin=None):
    """Runs the tool; returns (status, stdout bytes, stderr text)."""
    result = subprocess.run([WIREFORM, *args], input=stdin, capture_output=True)
    return result.returncode, result.stdout, result.stderr.decode("utf-8", "replace")


class Request:
    """An HTTP/1.1 request as the tool wrote it, checked for framing."""

    def __init__(self, raw, name):
        head, separator, body = raw.partition(b"\r\n\r\n")
        if not separator:
            raise ValueError(f"{name}: no empty line after the header section")
        lines = head.split(b"\r\n")
        self.method, self.target, version = lines[0].decode("latin-1").split(" ")
        if version != "HTTP/1.1":
            raise ValueError(f"{name}: request line ends with {version!r}")
        self.headers = []
        for line in lines[1:]:
            field, colon, value = line.decode("utf-8").partition(":")
            if not colon or value[:1] != " ":
                raise ValueError(f"{name}: malformed header line {line!r}")
            self.headers.append((field, value[1:]))
        if self.headers[0][0] != "Host":
            raise ValueError(f"{name}: Host is not the first header")
        self.path, _, self.query = self.target.partition("?")
        length = self.header("Content-Length")
        if length is not None and int(length) != len(body):
            raise ValueError(f"{name}: Content-Length {length} but the body has {len(body)} bytes")
        self.body = body
        self.body_path = os.path.join(TMP, f"{abs(hash(name))}.body")
        with open(self.body_path, "wb") as handle:
            handle.write(body)

    def header(self, name):
        for field, value in self.headers:
            if field.lower() == name.lower():
                return value
        return None

    @property
    def content_type(self):
        return self.header("Content-Type")


def build(name, *args):
    """Runs the tool for a request and parses its output; a failure to build is a failed check."""
    status, out, err = wireform(*args)
    if status != 0:
        check(f"{name}: wireform exits 0", (status, err.strip()), (0, ""))
        return None
    try:
        return Request(out, name)
    except ValueError as error:
        check(f"{name}: HTTP framing", str(error), "ok")
        return None


# ---------------------------------------------------------------------------------------------------------------
# Decoders


def php(request):
    """PHP's SAPI parsers through php-cgi: get, post, files, json."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "REQUEST_METHOD": request.method,
        "QUERY_STRING": request.query,
        "CONTENT_TYPE": request.content_type or "",
        "CONTENT_LENGTH": str(len(request.body)),
        "SCRIPT_FILENAME": os.path.join(HERE, "php_request.php"),
        "REDIRECT_STATUS": "200",
        "SERVER_PROTOCOL": "HTTP/1.1",
    }
    limits = [
        "-d", "max_input_vars=100000", "-d", "post_max_size=0", "-d", "upload_max_filesize=4G",
        "-d", "max_file_uploads=10000", "-d", "memory_limit=-1", "-d", "enable_post_data_reading=1",
        "-d", "display_errors=stderr", "-d", "upload_tmp_dir=" + TMP,
    ]
    with open(request.body_path, "rb") as body:
        result = subprocess.run(["php-cgi", "-q", *limits], env=env, stdin=body, capture_output=True)
    # php-cgi writes CGI response headers first.
    _, separator, payload = result.stdout.partition(b"\r\n\r\n")
    try:
        return json.loads(payload if separator else result.stdout)
    except json.JSONDecodeError:
        return {"error": (result.stdout + result.stderr).decode("utf-8", "replace")[:300]}


def rack(requests):
    """Rack for a batch of requests (one Ruby process): get, post, files, json."""
    items = [
        {"method": r.method, "path": r.path, "query": r.query, "content_type": r.content_type, "body_path": r.body_path}
        for r in requests
    ]
    result = subprocess.run(
        ["ruby", os.path.join(HERE, "rack_requests.rb")], input=json.dumps(items).encode(), capture_output=True
    )
    try:
        return json.loads(result.stdout)
    except json.JSONDecodeError:
        error = {"error": result.stderr.decode("utf-8", "replace")[:300]}
        return [error for _ in requests]


def werkzeug(request):
    """Werkzeug's Request: args and form as (name, value) lists, files with SHA-256."""
    from werkzeug.wrappers import Request as WerkzeugRequest

    environ = {
        "REQUEST_METHOD": request.method,
        "PATH_INFO": urllib.parse.unquote(request.path),
        "QUERY_STRING": request.query,
        "CONTENT_TYPE": request.content_type or "",
        "CONTENT_LENGTH": str(len(request.body)),
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.input": open(request.body_path, "rb"),
        "wsgi.url_scheme": "http",
    }
    parsed = WerkzeugRequest(environ)
    parsed.max_form_memory_size = None
    parsed.max_form_parts = None
    try:
        files = []
        for name, storage in parsed.files.items(multi=True):
            digest, size = sha256_stream(storage.stream)
            files.append({"name": name, "filename": storage.filename, "type": storage.content_type,
                          "size": size, "sha256": digest})
        return {
            "args": [list(pair) for pair in parsed.args.items(multi=True)],
            "form": [list(pair) for pair in parsed.form.items(multi=True)],
            "files": files,
        }
    finally:
        environ["wsgi.input"].close()


def python_multipart(request):
    """python-multipart's streaming parser: the parts in wire order."""
    import python_multipart as pm

    parts = []
    current = {}

    def on_part_begin():
        current.clear()
        current.update(headers=[], digest=hashlib.sha256(), size=0, field=b"", value=b"")

    def on_header_field(data, start, end):
        current["field"] += data[start:end]

    def on_header_value(data, start, end):
        current["value"] += data[start:end]

    def on_header_end():
        current["headers"].append((current["field"].decode("latin-1"), current["value"]))
        current["field"], current["value"] = b"", b""

    def on_part_data(data, start, end):
        current["digest"].update(data[start:end])
        current["size"] += end - start

    def on_part_end():
        disposition = next((v for k, v in current["headers"] if k.lower() == "content-disposition"), b"")
        _, params = pm.multipart.parse_options_header(disposition)
        name = params.get(b"name")
        filename = params.get(b"filename")
        ctype = next((v for k, v in current["headers"] if k.lower() == "content-type"), None)
        parts.append({
            "name": name.decode("utf-8") if name is not None else None,
            "filename": filename.decode("utf-8") if filename is not None else None,
            "type": ctype.decode("latin-1") if ctype is not None else None,
            "size": current["size"],
            "sha256": current["digest"].hexdigest(),
        })

    _, options = pm.multipart.parse_options_header(request.content_type)
    parser = pm.MultipartParser(options[b"boundary"], callbacks={
        "on_part_begin": on_part_begin, "on_part_data": on_part_data, "on_part_end": on_part_end,
        "on_header_field": on_header_field, "on_header_value": on_header_value, "on_header_end": on_header_end,
    })
    with open(request.body_path, "rb") as body:
        while chunk := body.read(1 << 20):
            parser.write(chunk)
    parser.finalize()
    return parts


def email_parts(request):
    """Python's email package (RFC 2046 MIME): the parts in wire order."""
    head = f"Content-Type: {request.content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode()
    with open(request.body_path, "rb") as body:
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + body.read())
    parts = []
    for part in message.iter_parts():
        payload = part.get_payload(decode=True) or b""
        parts.append({
            "name": part.get_param("name", header="content-disposition"),
            "filename": part.get_filename(),
            "type": part.get("Content-Type"),
            "size": len(payload),
            "sha256": hashlib.sha256(payload).hexdigest(),
        })
    return parts


def sha256_stream(stream):
    digest = hashlib.sha256()
    size = 0
    while chunk := stream.read(1 << 20):
        digest.update(chunk)
        size += len(chunk)
    return digest.hexdigest(), size


def sha256_text(text):
    return hashlib.sha256(text if isinstance(text, bytes) else text.encode("utf-8")).hexdigest()


# ---------------------------------------------------------------------------------------------------------------
# What parameters mean to each kind of parser


def scalar_text(value, bools):
    if value is True:
        return "1" if bools == "numeric" else "true"
    if value is False:
        return "0" if bools == "numeric" else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and "$date" in value:
        return value["$date"]
    return json.dumps(value)


def nested(value, bools, null):
    """The tree PHP and Rack build from the bracket style: every scalar a string, null as given, empties gone."""
    if isinstance(value, dict) and "$set" in value:
        return [nested(v, bools, null) for v in value["$set"]]
    if isinstance(value, dict) and not any(k.startswith("$") for k in value):
        out = {}
        for key, child in value.items():
            if child == {} or child == []:
                continue
            out[key] = nested(child, bools, null)
        return out
    if isinstance(value, list):
        return [nested(v, bools, null) for v in value]
    if value is None:
        return null
    return scalar_text(value, bools)


def sort_key(text):
    return text.encode("utf-8")


def flat_pairs(params, style, bools):
    """The (name, value) pairs a flat parser (Werkzeug, parse_qsl) reads for a style, keys sorted by UTF-8."""
    pairs = []

    def add(name, value, top):
        if isinstance(value, dict) and "$set" in value:
            members = sorted({scalar_text(m, bools) for m in value["$set"]}, key=sort_key)
            sequence(name, members, "repeated" if style == "brackets" else style, top, already_text=True)
        elif isinstance(value, dict) and not any(k.startswith("$") for k in value):
            for key in sorted(value, key=sort_key):
                add(f"{name}.{key}" if style == "dotted" else f"{name}[{key}]", value[key], False)
        elif isinstance(value, list):
            sequence(name, value, style, top)
        elif value is None:
            pairs.append((name, ""))
        else:
            pairs.append((name, scalar_text(value, bools)))

    def sequence(name, items, kind, top, already_text=False):
        if kind == "brackets":
            for item in items:
                add(f"{name}[]", item, False) if not already_text else pairs.append((f"{name}[]", item))
        elif kind in ("indexed", "dotted"):
            for index, item in enumerate(items):
                add(f"{name}[{index}]", item, False) if not already_text else pairs.append((f"{name}[{index}]", item))
        elif kind in ("repeated", "deep-object"):
            for item in items:
                add(name, item, False) if not already_text else pairs.append((name, item))
        elif kind == "comma":
            texts = items if already_text else [scalar_text(i, bools) for i in items]
            pairs.append((name, ",".join(texts)))

    for key in sorted(params, key=sort_key):
        add(key, params[key], True)
    return pairs


# ---------------------------------------------------------------------------------------------------------------
# Cases

TEXT = "é😀 a+b&c=d;e/f?g#h%i'\"<>\\ ~*"
BASE = {
    "user": {"name": "bang", "phone": {"home": "xx"}, "reserved &=+;#%": TEXT},
    "families": ["father", "mother"],
    "admin": True,
    "off": False,
    "nothing": None,
    "n": 42,
    "neg": -7,
    "pi": 3.14,
    "text": TEXT,
    "emoji": "👩‍👩‍👧‍👦🇫🇷",
    "empty": "",
    "none_list": [],
}
# Not in BASE: arrays of arrays. `m[][]=a&m[][]=b` is [["a"], ["b"]] for PHP and Rack alike (FINDINGS 1), so
# [["a", "b"]] cannot round-trip through the bracket style with any parser; use --query-style indexed for those.


def form_and_query_cases():
    requests = []  # (name, request, expectations: {parser: (key, expected)})

    def add(name, args, expectations):
        request = build(name, *args)
        if request is not None:
            requests.append((name, request, expectations))

    params = json.dumps(BASE)
    # The bracket style (AFNetworking's): PHP and Rack rebuild the tree; Werkzeug and parse_qsl see the pairs.
    for method, where in (("GET", "query"), ("POST", "form")):
        name = f"brackets {method}"
        pairs = flat_pairs(BASE, "brackets", "numeric")
        add(name, [method, "https://example.com/p", "-p", params, "--no-default-headers"], {
            "php": (f"{'get' if where == 'query' else 'post'}", nested(BASE, "numeric", "")),
            # Rack reads a bare key (null) as nil, PHP as "" (FINDINGS: both are right by their rules).
            "rack": (f"{'get' if where == 'query' else 'post'}", nested(BASE, "numeric", None)),
            "werkzeug": ("args" if where == "query" else "form", [list(p) for p in pairs]),
            "qsl": (where, pairs),
        })
    # Literal booleans.
    small = {"flag": True, "other": False, "list": [True, False]}
    add("brackets --bool literal", ["POST", "https://example.com/", "-p", json.dumps(small), "--bool", "literal"], {
        "php": ("post", nested(small, "literal", "")),
        "rack": ("post", nested(small, "literal", None)),
        "qsl": ("form", flat_pairs(small, "brackets", "literal")),
    })
    # Sets: written sorted and once each; the bracket style writes them as repeated keys (as AFNetworking did),
    # which only multi-value parsers keep; the indexed style makes them lists for PHP.
    sets = {"tags": {"$set": ["b", "a", "c", "a"]}, "ids": {"$set": [3, 1, 2]}}
    add("sets brackets", ["GET", "https://example.com/", "-p", json.dumps(sets)], {
        "werkzeug": ("args", [list(p) for p in flat_pairs(sets, "brackets", "numeric")]),
        "qsl": ("query", [("ids", "1"), ("ids", "2"), ("ids", "3"), ("tags", "a"), ("tags", "b"), ("tags", "c")]),
    })
    add("sets indexed", ["GET", "https://example.com/", "-p", json.dumps(sets), "--query-style", "indexed"], {
        "php": ("get", {"ids": ["1", "2", "3"], "tags": ["a", "b", "c"]}),
        "qsl": ("query", flat_pairs(sets, "indexed", "numeric")),
    })
    # Every style against the parser that reads it.
    flat = {"q": TEXT, "tags": ["x y", "z/é"], "n": 5, "filter": {"color": "red", "size": "10"},
            "matrix": [["a", "b"], ["c"]]}
    for style in ("brackets", "repeated", "indexed", "dotted"):
        # Repeated keys cannot express an array inside an array: Wireform refuses it (checked in ERRORS).
        params = {k: v for k, v in flat.items() if k != "matrix"} if style == "repeated" else flat
        pairs = flat_pairs(params, style, "numeric")
        add(f"style {style}", ["GET", "https://example.com/s", "-p", json.dumps(params), "--query-style", style], {
            "werkzeug": ("args", [list(p) for p in pairs]),
            "qsl": ("query", pairs),
        })
    add("style indexed (PHP lists)", ["GET", "https://example.com/s", "-p", json.dumps(flat), "--query-style",
                                       "indexed"], {"php": ("get", nested(flat, "numeric", ""))})
    # Comma-delimited (OpenAPI form, explode false): the reader splits on ','; values must not contain one.
    comma = {"ids": [1, 2, 3], "names": ["é", "a b"], "one": "x"}
    add("style comma", ["GET", "https://example.com/s", "-p", json.dumps(comma), "--query-style", "comma"], {
        "werkzeug": ("args", [["ids", "1,2,3"], ["names", "é,a b"], ["one", "x"]]),
        "qsl": ("query", [("ids", "1,2,3"), ("names", "é,a b"), ("one", "x")]),
    })
    # OpenAPI deepObject: dictionaries one level deep, booleans as --bool says.
    deep = {"filter": {"color": "red", "size": 10, "on": True}, "id": [1, 2]}
    add("style deep-object", ["GET", "https://example.com/d", "-p", json.dumps(deep), "--query-style", "deep-object",
                              "--bool", "literal"], {
        "werkzeug": ("args", [list(p) for p in flat_pairs(deep, "deep-object", "literal")]),
        "qsl": ("query", flat_pairs(deep, "deep-object", "literal")),
        "rack": ("get", {"filter": {"color": "red", "on": "true", "size": "10"}, "id": "2"}),
    })
    # A URL that already has a query keeps it; the fragment is not sent.
    add("existing query", ["GET", "https://example.com/p?x=1&y=%20#frag", "-p", '{"a": "b"}'], {
        "qsl": ("query", [("x", "1"), ("y", " "), ("a", "b")]),
        "php": ("get", {"x": "1", "y": " ", "a": "b"}),
    })
    # Parameters in the URL for POST when --uri-methods says so.
    add("uri-methods POST", ["POST", "https://example.com/p", "-p", '{"a": "b"}', "--uri-methods", "GET,POST"], {
        "qsl": ("query", [("a", "b")]),
    })
    # Arrays of dictionaries: Rack starts a new hash when a key repeats, PHP a new element at every `[]`
    # (FINDINGS 1). Wireform writes AFNetworking's bracket form and targets Rack's reading: it is the one that
    # rebuilds the intended [{...}, {...}] whenever each dictionary starts with the same key.
    rows = {"rows": [{"a": "1", "b": "2"}, {"a": "3", "b": "4"}]}
    add("array of dictionaries", ["POST", "https://example.com/", "-p", json.dumps(rows)], {
        "rack": ("post", rows),
    })
    return requests


def run_form_and_query():
    cases = form_and_query_cases()
    rack_results = rack([request for _, request, _ in cases])
    for (name, request, expectations), rack_result in zip(cases, rack_results):
        for parser, (key, expected) in expectations.items():
            if parser == "php":
                actual = php(request).get(key)
            elif parser == "rack":
                actual = rack_result.get(key, rack_result.get("error"))
            elif parser == "werkzeug":
                actual = werkzeug(request)[key]
            elif parser == "qsl":
                text = request.query if key == "query" else request.body.decode("utf-8")
                actual = urllib.parse.parse_qsl(text, keep_blank_values=True)
            check(f"{name}: {parser} {key}", actual, expected)


# ---------------------------------------------------------------------------------------------------------------
# Exact output and errors


def run_exact_outputs():
    status, out, _ = wireform("POST", "https://example.com:8443/users?src=cli#top", "-p",
                              '{"user": {"name": "bang", "tags": ["a", "b"]}, "admin": true}', "--no-default-headers",
                              "-H", "X-Trace:  abc ", "--bearer", "t0k3n")
    body = b"admin=1&user%5Bname%5D=bang&user%5Btags%5D%5B%5D=a&user%5Btags%5D%5B%5D=b"
    check("exact: form POST", (status, out), (0, b"\r\n".join([
        b"POST /users?src=cli HTTP/1.1",
        b"Host: example.com:8443",
        b"X-Trace: abc",
        b"Authorization: Bearer t0k3n",
        b"Content-Type: application/x-www-form-urlencoded",
        b"Content-Length: " + str(len(body)).encode(),
        b"",
        body,
    ])))
    status, out, _ = wireform("GET", "http://[::1]:8080", "-p", '{"q": "a b", "n": null}',
                              "--no-default-headers", "--basic", "al:ad:min")
    check("exact: GET query", (status, out), (0, b"\r\n".join([
        b"GET /?n&q=a%20b HTTP/1.1",
        b"Host: [::1]:8080",
        b"Authorization: Basic " + base64.b64encode(b"al:ad:min"),
        b"",
        b"",
    ])))
    # Issue 10: URL user information is the Authorization header it becomes when sent, in both modes.
    status, out, _ = wireform("GET", "http://user:p%40ss@[::1]:8080", "-p", '{"q": "a b", "n": null}',
                              "--no-default-headers")
    check("exact: GET query, user info", (status, out), (0, b"\r\n".join([
        b"GET /?n&q=a%20b HTTP/1.1",
        b"Host: [::1]:8080",
        b"Authorization: Basic " + base64.b64encode(b"user:p@ss"),
        b"",
        b"",
    ])))
    status, out, err = wireform("GET", "http://user:pw@[::1]:8080", "--basic", "al:ad:min")
    check("exact: user info and --basic", (status, out, err), (2, b"", "wireform: The URL's user information and "
          "'--basic' both set the Authorization header; use one\n"))
    status, out, _ = wireform("POST", "https://e.com/a", "-t", "application/x-www-form-urlencoded; charset=utf-8", "-p",
                              '{"a": 1}', "--no-default-headers", "-H", "Host: other.example", "-H", "Accept: */*")
    check("exact: -t with parameters, -H Host", (status, out), (0, b"\r\n".join([
        b"POST /a HTTP/1.1",
        b"Host: other.example",
        b"Accept: */*",
        b"Content-Type: application/x-www-form-urlencoded; charset=utf-8",
        b"Content-Length: 3",
        b"",
        b"a=1",
    ])))
    status, out, _ = wireform("DELETE", "https://e.com/a", "-p", '{"a": 1}', "--no-default-headers")
    check("exact: DELETE puts parameters in the URL", (status, out), (0, b"DELETE /a?a=1 HTTP/1.1\r\nHost: e.com\r\n\r\n"))
    # Issue 12: the caller's Content-Type is sent verbatim, the body keeps the chosen format.
    status, out, _ = wireform("POST", "https://e.com/a", "-H", "Content-Type: text/plain", "-p", '{"a": 1}',
                              "--no-default-headers")
    check("exact: a -H Content-Type is sent verbatim with the form body", (status, out),
          (0, b"POST /a HTTP/1.1\r\nHost: e.com\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\na=1"))
    # Issue 12: an explicit multipart body goes in a DELETE's body; werkzeug reads the field back.
    request = build("DELETE multipart", "DELETE", "https://e.com/items/1", "--field", "reason=duplicate")
    if request is not None:
        check("DELETE multipart: method and path", (request.method, request.path, request.query),
              ("DELETE", "/items/1", ""))
        check("DELETE multipart: werkzeug", werkzeug(request)["form"], [["reason", "duplicate"]])
    # Issue 12: with a constant boundary, content holding the delimiter would smuggle a part (Python's email parser
    # reads a third part from it); Wireform refuses to write it, and the same field with a random boundary is one part.
    smuggled = 'v=x\r\n--B\r\nContent-Disposition: form-data; name="is_admin"\r\n\r\ntrue'
    status, out, err = wireform("POST", "https://e.com/a", "--boundary", "B", "--field", smuggled)
    # The form is checked when it is built, before anything is written: not even the request head goes out.
    check("smuggling: a delimiter in a field is refused with a constant boundary",
          (status, out, "contains '\\r\\n--B', the delimiter of the constant multipart boundary 'B'" in err),
          (1, b"", True))
    # Issue 12: a part type given with ;type= is sent as written (it need not parse as a media type); werkzeug
    # and python-multipart read it back unchanged.
    typed = write_file("typed.bin", b"\x00\x01typed")
    part_type = 'application/vnd.acme.Report+JSON ;Version="2"'
    request = build("verbatim part type", "POST", "https://e.com/a", "--file", f"r=@{typed};type={part_type}")
    if request is not None:
        check("verbatim part type: werkzeug", [f["type"] for f in werkzeug(request)["files"]], [part_type])
        check("verbatim part type: python-multipart", [p["type"] for p in python_multipart(request)], [part_type])
    request = build("part type that is no media type", "POST", "https://e.com/a", "--file", f"r=@{typed};type=weird")
    if request is not None:
        check("part type that is no media type: python-multipart", [p["type"] for p in python_multipart(request)],
              ["weird"])
    request = build("smuggling, random boundary", "POST", "https://e.com/a", "--field", smuggled)
    if request is not None:
        parts = email_parts(request)
        check("smuggling: with a random boundary the value stays one part",
              [(part["name"], part["size"]) for part in parts], [("v", len(smuggled) - 2)])
    status, out, _ = wireform("PUT", "https://example.com/x", "-p", '{"a": "1"}', "--body-only")
    check("exact: --body-only", (status, out), (0, b"a=1"))
    output = os.path.join(TMP, "out.http")
    status, out, _ = wireform("POST", "https://example.com/x", "-p", '{"a": "1"}', "--no-default-headers", "-o",
                              output)
    with open(output, "rb") as handle:
        written = handle.read()
    check("exact: -o", (status, out, written.endswith(b"\r\n\r\na=1")), (0, b"", True))
    notes = write_file("exact.txt", b"hello\r\n")
    status, out, _ = wireform("POST", "https://example.com/upload", "-p", '{"user": {"name": "bang"}}',
                              "--field", "title=é", "--file", f"doc=@{notes};type=text/markdown", "--boundary", "XyZ",
                              "--no-default-headers")
    body = b"\r\n".join([
        b"--XyZ",
        b'Content-Disposition: form-data; name="user[name]"',
        b"",
        b"bang",
        b"--XyZ",
        b'Content-Disposition: form-data; name="title"',
        b"",
        "é".encode(),
        b"--XyZ",
        b'Content-Disposition: form-data; name="doc"; filename="exact.txt"',
        b"Content-Type: text/markdown",
        b"",
        b"hello\r\n",
        b"--XyZ--",
        b"",
    ])
    check("exact: multipart with --boundary", (status, out), (0, b"\r\n".join([
        b"POST /upload HTTP/1.1",
        b"Host: example.com",
        b"Content-Type: multipart/form-data; boundary=XyZ",
        b"Content-Length: " + str(len(body)).encode(),
        b"",
        body,
    ])))
    status, out, _ = wireform("--version")
    check("--version", (status, out.startswith(b"wireform ")), (0, True))
    status, out, _ = wireform("--help")
    help_text = out.decode()
    options = ["--params", "--params-file", "--format", "--content-type", "--query-style", "--bool", "--header",
               "--basic", "--bearer", "--field", "--file", "--boundary", "--uri-methods", "--no-default-headers",
               "--output", "--body-only", "--send", "--timeout", "--help", "--version", "--allow-reserved",
               "--path-param", "--key-order", "--cacert", "--insecure", "--proxy"]
    check("--help lists every option", (status, [o for o in options if o not in help_text]), (0, []))
    params_file = os.path.join(TMP, "params.json")
    with open(params_file, "w") as handle:
        handle.write('{"z": 1,\n "a": [true]}')
    status, out, _ = wireform("POST", "https://e.com/", "--params-file", params_file, "--body-only")
    check("--params-file", (status, out), (0, b"a%5B%5D=1&z=1"))
    status, out, _ = wireform("POST", "https://e.com/", "--params-file", "-", "--body-only", stdin=b'{"s": "x"}')
    check("--params-file - (stdin)", (status, out), (0, b"s=x"))


ERRORS = [
    # (arguments, exit status, the one-line message on standard error)
    ([], 2, "wireform: Missing METHOD and URL (see 'wireform --help')"),
    (["GET"], 2, "wireform: Missing URL after METHOD 'GET'"),
    (["GET", "https://e.com", "extra"], 2, "wireform: Unexpected argument 'extra': expected only METHOD and URL"),
    (["--verbose", "GET", "https://e.com"], 2, "wireform: Unknown option '--verbose'"),
    (["GET", "https://e.com", "-p"], 2, "wireform: Missing value for '-p'"),
    (["GET", "https://e.com", "-f", "xml"], 2,
     "wireform: The value 'xml' is invalid for '-f <NAME>': expected form | json | plist | plist-binary | multipart"),
    (["GET", "https://e.com", "--query-style", "pipes"], 2,
     "wireform: The value 'pipes' is invalid for '--query-style <NAME>': expected brackets | repeated | indexed | comma"
     " | dotted | deep-object | form | form-no-explode | space-delimited | pipe-delimited"),
    (["GET", "https://e.com", "--bool", "yes"], 2,
     "wireform: The value 'yes' is invalid for '--bool <NAME>': expected numeric | literal"),
    (["GET", "https://e.com", "-p", '{"a": [1,]}'], 2,
     "wireform: Invalid JSON in --params: unexpected ']', expected a value at line 1, column 10 (byte 9)"),
    (["GET", "https://e.com", "-p", '{"a": 1,\n "a": 2}'], 2,
     "wireform: Invalid JSON in --params: duplicate key 'a' at line 2, column 2 (byte 10)"),
    (["GET", "https://e.com", "-p", '{"d": {"$date": "2024-02-30"}}'], 2,
     "wireform: Invalid JSON in --params: invalid '$date' '2024-02-30': expected ISO 8601 such as "
     "2024-01-02T03:04:05Z, 2024-01-02T03:04:05.250+01:00 or 2024-01-02 at line 1, column 17 (byte 16)"),
    (["GET", "https://e.com", "-p", '{"b": {"$data_base64": "***"}}'], 2,
     "wireform: Invalid JSON in --params: invalid Base64 in '$data_base64' '***' at line 1, column 24 (byte 23)"),
    (["GET", "https://e.com", "-p", '{"n": 1.00000000000000000000000000000000000001}'], 2,
     "wireform: Invalid JSON in --params: number 1.00000000000000000000000000000000000001 cannot be kept exactly "
     "(it has more than 38 significant digits); pass it as a string at line 1, "
     "column 7 (byte 6)"),
    (["GET", "https://e.com", "--params-file", "/nonexistent/p.json"], 2, None),
    (["GET", "https://e.com", "-p", "{}", "--params-file", "x"], 2,
     "wireform: Use either '--params' or '--params-file', not both"),
    (["GET", "https://e.com", "-H", "NoColon"], 2,
     "wireform: The value 'NoColon' is invalid for '-H <Name: value>': expected 'Name: value'"),
    (["GET", "https://e.com", "--basic", "nocolon"], 2, "wireform: Invalid '--basic' credentials: expected USER:PASSWORD"),
    (["POST", "https://e.com", "--file", "f=nopath"], 2,
     "wireform: The value 'f=nopath' is invalid for '--file <NAME=@PATH[;filename=NAME][;type=MIME]>': the path must "
     "start with '@' (NAME=@PATH)"),
    (["POST", "https://e.com", "--field", "x=1", "-f", "json"], 2,
     "wireform: '--field' and '--file' make a multipart body; they cannot be used with '--format json'"),
    (["GET", "https://e.com", "-f", "json", "-f", "form"], 2, "wireform: Option '--format' given more than once"),
    # Wireform's own errors: exit status 1, naming the key path, header, media type, method, URL.
    (["GET", "not a url"], 1, "wireform: Invalid URL 'not a url': expected an absolute URL"),
    (["G T", "https://e.com"], 1,
     "wireform: Invalid HTTP method 'G T': a method must be a non-empty RFC 9110 token"),
    (["GET", "https://e.com", "-H", "Bad Name: x"], 1,
     "wireform: Invalid header name 'Bad Name': a name must be a non-empty RFC 9110 token"),
    (["GET", "https://e.com", "-H", "X-Evil: a\r\nInjected: 1"], 1,
     "wireform: Invalid value 'a\\r\\nInjected: 1' for header 'X-Evil': CR, LF, NUL, other control characters and "
     "surrounding white space are not allowed"),
    (["GET", "https://e.com", "-p", "[1, 2]"], 1,
     "wireform: Query and form parameters must be a dictionary at the top level, not an array"),
    (["GET", "https://e.com", "-p", '{"a": {"b": [[1]]}}', "--query-style", "deep-object"], 1,
     "wireform: This query style cannot write an array or set inside a dictionary, at 'a[b]'"),
    (["POST", "https://e.com", "-t", "text/csv", "-p", "{}"], 1, None),
    (["POST", "https://e.com", "-t", "not a type", "-p", "{}"], 1, None),
    (["GET", "https://e.com", "--bearer", "bad token"], 1,
     "wireform: Invalid bearer token (9 bytes): expected only RFC 6750 token characters (letters, digits, '-', '.', "
     "'_', '~', '+', '/', then '=' padding only at the end)"),
    (["GET", "https://e.com", "-p", '{"m": [[1]]}', "--query-style", "repeated"], 1,
     "wireform: Repeated keys cannot express an array inside an array or set, at 'm'"),
    (["GET", "https://e.com", "--basic", "a\x01:b"], 1,
     "wireform: Basic authorization credentials cannot contain control characters (RFC 7617)"),
    (["POST", "https://e.com", "--file", "f=@/nonexistent/file.bin"], 1, None),
    (["POST", "https://e.com", "--field", "a=b", "--boundary", "x" * 71], 1,
     "wireform: The multipart boundary '" + "x" * 71 + "' is 71 bytes long: RFC 2046 allows at most 70 bytes"),
    (["POST", "https://e.com", "-p", "{}", "--boundary", "XyZ"], 2,
     "wireform: '--boundary' applies only to multipart bodies (use --format multipart)"),
    (["GET", "https://e.com", "--file", "f=@/etc/hostname"], 1,
     "wireform: A GET request cannot carry a body; use POST, PUT, PATCH or another method that takes one"),
    (["GET", "mailto:someone@example.com"], 1,
     "wireform: Invalid URL 'mailto:someone@example.com': the scheme 'mailto' is not http or https"),
]


def run_errors():
    for args, expected_status, expected_message in ERRORS:
        status, out, err = wireform(*args)
        lines = err.splitlines()
        name = f"error: wireform {' '.join(args)!r}"
        if expected_message is None:
            check(name, (status, len(lines), out, err.startswith("wireform: ")), (expected_status, 1, b"", True))
        else:
            check(name, (status, err, out), (expected_status, expected_message + "\n", b""))
    status, _, err = wireform("POST", "https://e.com/", "-p", "{}", "-o", "/nonexistent/dir/out")
    check("error: unwritable -o", (status, err), (1, "wireform: Cannot create a temporary file in '/nonexistent/dir' "
          "for output '/nonexistent/dir/out': No such file or directory\n"))


# ---------------------------------------------------------------------------------------------------------------
# Multipart


def write_file(name, data):
    path = os.path.join(TMP, name)
    with open(path, "wb") as handle:
        handle.write(data)
    return path


def file_sha(path):
    with open(path, "rb") as handle:
        return sha256_stream(handle)[0]


def canonical_parts(parts):
    """Parts as sorted (name, filename, sha256) tuples: parsers differ in how they order fields and files."""
    return sorted((p["name"], p.get("filename"), p["sha256"]) for p in parts)


def flatten_tree(tree, prefix=None):
    """PHP's and Rack's nested $_POST back to (bracket name, value) pairs."""
    pairs = []
    items = tree.items() if isinstance(tree, dict) else enumerate(tree)
    for key, value in items:
        name = str(key) if prefix is None else f"{prefix}[{key}]"
        if isinstance(value, dict) and "$bytes_hex" in value:
            pairs.append((name, bytes.fromhex(value["$bytes_hex"])))
        elif isinstance(value, (dict, list)) and not (isinstance(value, dict) and "$file" in value):
            pairs.extend(flatten_tree(value, name))
        elif isinstance(value, dict):
            continue  # a file: reported in `files`
        else:
            pairs.append((name, value))
    return pairs


def multipart_views(request, rack_result, parsers):
    """Each parser's reading of a multipart request as canonical parts."""
    views = {}
    if "werkzeug" in parsers:
        result = werkzeug(request)
        views["werkzeug"] = canonical_parts(
            [{"name": n, "sha256": sha256_text(v)} for n, v in result["form"]] + result["files"])
    if "python-multipart" in parsers:
        views["python-multipart"] = canonical_parts(python_multipart(request))
    if "email" in parsers:
        views["email"] = canonical_parts(email_parts(request))
    if "php" in parsers:
        result = php(request)
        if "error" in result:
            views["php"] = result["error"]
        else:
            views["php"] = canonical_parts(
                [{"name": n, "sha256": sha256_text(v)} for n, v in flatten_tree(result["post"])]
                + [f for f in result["files"] if f["error"] == 0])
    if "rack" in parsers:
        if "error" in rack_result:
            views["rack"] = rack_result["error"]
        else:
            views["rack"] = canonical_parts(
                [{"name": n, "sha256": sha256_text(v)} for n, v in flatten_tree(rack_result["post"])]
                + rack_result["files"])
    return views


ALL_MULTIPART = ("werkzeug", "python-multipart", "email", "php", "rack")


def multipart_cases():
    cases = []  # (name, request, {parser: expected canonical parts})

    def add(name, args, expected_parts, parsers=ALL_MULTIPART, overrides=None):
        request = build(name, *args)
        if request is None:
            return
        expected = {p: canonical_parts(expected_parts) for p in parsers}
        for parser, parts in (overrides or {}).items():
            expected[parser] = canonical_parts(parts)
        cases.append((name, request, expected))

    def field(name, value):
        return {"name": name, "filename": None, "sha256": sha256_text(value)}

    def upload(name, filename, path):
        return {"name": name, "filename": filename, "sha256": file_sha(path)}

    binary = write_file("binary.bin", bytes(range(256)) * 64 + b"\r\n--not-a-boundary\r\n" + os.urandom(4096))
    text_file = write_file("notes.txt", "é😀 line 1\r\nline 2\n".encode())
    empty = write_file("empty.dat", b"")
    add("multipart text and binary", [
        "POST", "https://example.com/upload", "--field", "title=Report é😀", "--field", "empty=",
        "--file", f"doc=@{binary};filename=data.bin;type=application/octet-stream",
        "--file", f"notes=@{text_file}", "--file", f"nothing=@{empty}",
    ], [field("title", "Report é😀"), field("empty", ""), upload("doc", "data.bin", binary),
        upload("notes", "notes.txt", text_file), upload("nothing", "empty.dat", empty)])

    raw = bytes(range(256))
    params = {"user": {"name": "bang", "age": 42}, "admin": True, "note": "a\r\nb", "nothing": None,
              "blob": {"$data_base64": base64.b64encode(raw).decode()}}
    expected = [field("admin", "1"), field("note", "a\r\nb"), field("user[age]", "42"), field("user[name]", "bang"),
                field("nothing", ""), field("blob", raw)]
    # Werkzeug decodes every non-file field as UTF-8 (U+FFFD for invalid bytes; FINDINGS); the others keep bytes.
    werkzeug_view = expected[:-1] + [field("blob", raw.decode("utf-8", "replace"))]
    add("multipart from --params (text, null, raw data)", [
        "POST", "https://example.com/upload", "-f", "multipart", "-p", json.dumps(params),
    ], expected, overrides={"werkzeug": werkzeug_view})

    # Hostile names and file names: quotes, CR/LF, backslashes, non-ASCII, '%'. Wireform escapes them the way
    # browsers do (WHATWG: `"` -> %22, CR -> %0D, LF -> %0A, everything else raw UTF-8), so every parser reads
    # exactly what it reads from a browser upload, and no name can inject a header or break the framing. The parsers
    # then disagree (FINDINGS 3, 6, 7); the expectations below are each one's documented reading. Wireform targets
    # Werkzeug's: it turns %22 back into `"` and keeps backslashes, so names without CR/LF come back exactly.
    hostile = write_file("hostile.txt", b"hostile content\r\n--")
    names = ['quote"d \\back é😀 %41 100%', 'line\r\nbreak']
    file_names = ['we"ird \\x é😀 %41.txt', 'cr\r\nlf.txt']

    def whatwg(text):
        return text.replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")

    def basename(text):
        return text.replace("/", "\\").rsplit("\\", 1)[-1]

    def rack_filename(text):
        # Rack percent-decodes a file name when every '%' starts a valid escape (FINDINGS 6).
        valid = all(text[i + 1:i + 3].isalnum() and len(text[i + 1:i + 3]) == 2
                    and all(c in "0123456789abcdefABCDEF" for c in text[i + 1:i + 3])
                    for i, c in enumerate(text) if c == "%")
        return urllib.parse.unquote(text) if valid else text

    readings = {
        "werkzeug": (lambda n: whatwg(n).replace("%22", '"'), lambda f: whatwg(f).replace("%22", '"')),
        "python-multipart": (whatwg, whatwg),
        "email": (lambda n: whatwg(n).replace("\\", ""), lambda f: whatwg(f).replace("\\", "")),
        "php": (lambda n: whatwg(n).replace(" ", "_").replace(".", "_"), lambda f: basename(whatwg(f))),
        "rack": (lambda n: whatwg(n).replace("\\", ""), lambda f: rack_filename(basename(whatwg(f)))),
    }
    hostile_args = ["POST", "https://example.com/upload", "-f", "multipart",
                    "-p", json.dumps({name: f"value {i}" for i, name in enumerate(names)})]
    for index, (name, file_name) in enumerate(zip(names, file_names)):
        hostile_args += ["--file", f"file{index} {name}=@{hostile};filename={file_name}"]
    overrides = {}
    for parser, (read_name, read_file_name) in readings.items():
        overrides[parser] = [field(read_name(n), f"value {i}") for i, n in enumerate(names)] + [
            {"name": read_name(f"file{i} {n}"), "filename": read_file_name(f), "sha256": file_sha(hostile)}
            for i, (n, f) in enumerate(zip(names, file_names))]
    add("multipart hostile names", hostile_args, [], overrides=overrides)

    fields = [f"--field=f{i:04}=value {i} é" for i in range(1000)]
    add("multipart 1,000 fields", ["POST", "https://example.com/upload", *fields],
        [field(f"f{i:04}", f"value {i} é") for i in range(1000)])

    big = os.path.join(TMP, "big.bin")
    with open(big, "wb") as handle:
        for _ in range(64):
            handle.write(os.urandom(1 << 20))
    add("multipart 64 MiB file", ["POST", "https://example.com/upload", "--field", "kind=big",
                                  "--file", f"big=@{big};type=application/octet-stream"],
        [field("kind", "big"), upload("big", "big.bin", big)],
        # Not `email`: message_from_bytes line-splits the whole body (about 1 GB of memory for 64 MiB).
        parsers=("werkzeug", "python-multipart", "php", "rack"))
    return cases


def run_multipart():
    cases = multipart_cases()
    rack_results = rack([request for _, request, _ in cases])
    for (name, request, expected), rack_result in zip(cases, rack_results):
        views = multipart_views(request, rack_result, expected.keys())
        for parser, parts in expected.items():
            check(f"{name}: {parser}", views[parser], parts)


# ---------------------------------------------------------------------------------------------------------------
# JSON and property lists

JSON_PARAMS = {
    "text": "é😀\n\t\"\\/ \u0001 \u2028",
    "int": 42,
    "min": -9223372036854775808,
    "max": 9223372036854775807,
    "pi": 3.14,
    "exact": 0.1,
    "yes": True,
    "no": False,
    "nothing": None,
    "list": [1, "two", [3.5], {"k": "v"}, [], {}],
    "nested": {"z": {"y": {"x": "deep"}}, "a": 1},
}


def run_json_and_plist():
    requests = []
    for name, args in (
        ("json --key-order insertion", ["-f", "json", "--key-order", "insertion"]),
        ("json via -t application/vnd.api+json", ["-t", "application/vnd.api+json"]),
    ):
        request = build(name, "POST", "https://example.com/api", "-p", json.dumps(JSON_PARAMS), *args)
        if request is None:
            continue
        requests.append((name, request))
        try:
            decoded = json.loads(request.body)
        except ValueError as error:
            decoded = f"json.loads failed: {error}"
        check(f"{name}: python json", decoded, JSON_PARAMS)
        if isinstance(decoded, dict):
            order = list(JSON_PARAMS) if "insertion" in name else sorted(JSON_PARAMS, key=sort_key)
            check(f"{name}: key order", list(decoded), order)
        check(f"{name}: Content-Type", request.content_type,
              "application/vnd.api+json" if "vnd" in name else "application/json")
        php_result = php(request)
        check(f"{name}: php json_decode", php_result.get("json", php_result), JSON_PARAMS)
    for (name, request), rack_result in zip(requests, rack([r for _, r in requests])):
        check(f"{name}: ruby JSON.parse", rack_result.get("json", rack_result), JSON_PARAMS)
    big = {"u64": 18446744073709551615, "big": 123456789012345678901234567890}
    request = build("json big integers", "POST", "https://e.com/", "-f", "json", "-p", json.dumps(big))
    if request is not None:
        # PHP reads integers beyond int64 as floats (FINDINGS, JSON); Python and Ruby keep them exact.
        check("json big integers: python json", json.loads(request.body), big)
        check("json big integers: ruby JSON.parse", rack([request])[0].get("json"), big)

    tagged_json = {"set": {"$set": [3, 1, 2, 1]}, "at": {"$date": "2024-01-02T04:04:05.25+01:00"},
                   "blob": {"$data_base64": "AAEC/w=="}}
    request = build("json tagged values", "POST", "https://e.com/", "-f", "json", "-p", json.dumps(tagged_json))
    if request is not None:
        # Sets as sorted arrays of distinct members, dates as ISO 8601 UTC, data as Base64 (the JSON defaults).
        check("json tagged values: python json", json.loads(request.body),
              {"at": "2024-01-02T03:04:05.250Z", "blob": "AAEC/w==", "set": [1, 2, 3]})
    for top in ('[1, "a", null]', '"just a string"'):
        request = build(f"json top level {top}", "PUT", "https://e.com/", "-f", "json", "-p", top)
        if request is not None:
            check(f"json top level {top}: python json", json.loads(request.body), json.loads(top))

    import datetime

    tagged = {"when": {"$date": "2024-01-02T03:04:05Z"}, "blob": {"$data_base64": "AAEC/w=="}, "n": 1, "f": 1.5,
              "s": "é😀", "b": True, "list": [1, {"k": "v"}], "u64": 18446744073709551615, "min": -9223372036854775808}
    expected = {"when": datetime.datetime(2024, 1, 2, 3, 4, 5), "blob": b"\x00\x01\x02\xff", "n": 1, "f": 1.5,
                "s": "é😀", "b": True, "list": [1, {"k": "v"}], "u64": 18446744073709551615,
                "min": -9223372036854775808}
    for name, format_name, magic in (("plist xml", "plist", b"<?xml"), ("plist binary", "plist-binary", b"bplist00")):
        request = build(name, "POST", "https://example.com/api", "-f", format_name, "-p", json.dumps(tagged))
        if request is None:
            continue
        check(f"{name}: format", request.body[: len(magic)], magic)
        try:
            decoded = plistlib.loads(request.body)
        except Exception as error:  # noqa: BLE001 - any parse failure is the finding
            decoded = f"plistlib failed: {error}"
        check(f"{name}: plistlib", decoded, expected)
    status, _, err = wireform("POST", "https://e.com/", "-f", "plist", "-p", '{"a": {"b": null}}')
    check("plist null: exit 1, names the key path", (status, "'a" in err and err.count("\n") == 1), (1, True))


# ---------------------------------------------------------------------------------------------------------------
# --send


class SinkServer:
    """sink_server.py on 127.0.0.1, for --send."""

    def __enter__(self):
        self.process = subprocess.Popen([sys.executable, os.path.join(HERE, "sink_server.py")], stdout=subprocess.PIPE)
        self.port = int(self.process.stdout.readline())
        return self

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait()

    def url(self, path="/"):
        return f"http://127.0.0.1:{self.port}{path}"


def parse_response(raw):
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("utf-8", "replace").split("\r\n")
    return lines[0], lines[1:], body


def run_send():
    params = json.dumps({"user": {"name": "bang"}, "text": TEXT})
    with SinkServer() as server:
        _, expected_body, _ = wireform("POST", server.url("/x?y=1"), "-p", params, "--body-only")
        status, out, err = wireform("POST", server.url("/x?y=1"), "-p", params, "--send", "-H", "X-Test: 1")
        status_line, headers, body = parse_response(out)
        answer = json.loads(body) if status == 0 else {}
        check("--send form: status line and exit status", (status, status_line, err), (0, "HTTP/1.1 200 OK", ""))
        check("--send form: response headers", "X-Sink: 1" in headers, True)
        check("--send form: body received", (answer.get("method"), answer.get("target"), answer.get("sha256")),
              ("POST", "/x?y=1", hashlib.sha256(expected_body).hexdigest()))
        check("--send form: request headers", [v for k, v in answer.get("headers", []) if k == "X-Test"], ["1"])
        status, out, _ = wireform("GET", server.url("/status/404"), "-p", '{"a": 1}', "--send", "--body-only")
        check("--send 404: exit 0, body only", (status, json.loads(out).get("target")), (0, "/status/404?a=1"))
        run_send_framing(server)
    status, out, err = wireform("GET", f"http://127.0.0.1:{server.port}/", "--send")
    check("--send connection refused: exit 3, one line", (status, out, err.startswith("wireform: Cannot send the "
          "request to 'http://127.0.0.1:"), err.count("\n")), (3, b"", True, 1))


def run_send_framing(server):
    """Issue 10: a --send multipart upload with a file part arrives with exactly the Content-Length the offline output
    shows and no Transfer-Encoding (Linux URLSession sends streams chunked), from memory (small) and from a temporary
    file (above 4 MiB), with the same body bytes."""
    for label, size in (("small", 3000), ("large", 6 << 20)):
        path = os.path.join(TMP, f"framing-{label}.bin")
        with open(path, "wb") as handle:
            handle.write(bytes((i * 7) & 0xFF for i in range(size)) if size < 65536 else os.urandom(size))
        args = ("POST", server.url(f"/framing-{label}"), "--field", "title=Report", "--file", f"doc=@{path}",
                "--boundary", "XyZframing")
        _, offline, _ = wireform(*args)
        offline_head, _, offline_body = offline.partition(b"\r\n\r\n")
        lengths = [line.split(": ", 1)[1] for line in offline_head.decode().split("\r\n")
                   if line.lower().startswith("content-length: ")]
        status, out, err = wireform(*args, "--send", "--body-only")
        answer = json.loads(out) if status == 0 else {}
        received = {}
        for name, value in answer.get("headers", []):
            received.setdefault(name.lower(), []).append(value)
        check(f"--send {label} multipart upload: exit 0", (status, err), (0, ""))
        check(f"--send {label} multipart upload: offline Content-Length", lengths, [str(len(offline_body))])
        check(f"--send {label} multipart upload: Content-Length sent", received.get("content-length"), lengths)
        check(f"--send {label} multipart upload: no Transfer-Encoding", received.get("transfer-encoding"), None)
        check(f"--send {label} multipart upload: body bytes", (answer.get("size"), answer.get("sha256")),
              (len(offline_body), hashlib.sha256(offline_body).hexdigest()))
        os.unlink(path)


def run_scale():
    """Issue 7: a 1 GiB file part uploaded with --send to a local server that hashes it as it arrives; checks the
    digest of the part and reports the client's peak resident set size (`/usr/bin/time -v`)."""
    import time

    size_mib = int(os.environ.get("INTEROP_SCALE_MIB", "1024"))
    path = os.path.join(TMP, "scale.bin")
    digest = hashlib.sha256()
    block = os.urandom(1 << 20)
    with open(path, "wb") as handle:
        for index in range(size_mib):
            chunk = index.to_bytes(8, "big") + block[8:]
            digest.update(chunk)
            handle.write(chunk)
    with SinkServer() as server:
        started = time.monotonic()
        result = subprocess.run(
            ["/usr/bin/time", "-v", WIREFORM, "POST", server.url("/scale"), "--field", "kind=scale",
             "--file", f"blob=@{path};type=application/octet-stream", "--send", "--body-only"],
            capture_output=True,
        )
        elapsed = time.monotonic() - started
    os.unlink(path)
    rss = next((line.split(":")[1].strip() for line in result.stderr.decode().splitlines()
                if "Maximum resident set size" in line), "?")
    answer = json.loads(result.stdout) if result.returncode == 0 else {}
    parts = {p["name"]: p for p in answer.get("parts", [])}
    check(f"scale {size_mib} MiB --send: exit 0", result.returncode, 0)
    check(f"scale {size_mib} MiB --send: part digest", parts.get("blob", {}).get("sha256"), digest.hexdigest())
    check(f"scale {size_mib} MiB --send: part size", parts.get("blob", {}).get("size"), size_mib << 20)
    sent = {name.lower(): value for name, value in answer.get("headers", [])}
    check(f"scale {size_mib} MiB --send: Content-Length, not chunked",
          ("transfer-encoding" in sent, sent.get("content-length") == str(answer.get("size"))), (False, True))
    print(f"scale: {size_mib} MiB file part sent in {elapsed:.1f} s; wireform peak RSS {rss} kB")
    # Streaming keeps the client far below the body size; a buffered body would need at least the whole file.
    check(f"scale {size_mib} MiB --send: peak RSS below 256 MiB", rss.isdigit() and int(rss) < 256 * 1024, True)


# ---------------------------------------------------------------------------------------------------------------
# BEGIN issue 14: OpenAPI parameter styles (--query-style form | form-no-explode | space-delimited |
# pipe-delimited | deep-object, --path-param). Werkzeug and parse_qsl read form-style queries and bodies, Rack and
# PHP rebuild deepObject's nested dictionaries; the delimited styles are read as one value, then split.


def openapi_style_cases():
    cases = []  # (name, request, expectations: {parser: (key, expected)})

    def add(name, args, expectations):
        request = build(name, *args)
        if request is not None:
            cases.append((name, request, expectations))

    # The specification's example values, plus text that needs escaping.
    color = ["blue", "black", "brown"]
    rgb = {"R": 100, "G": 200, "B": 150}
    params = {"color": color, "q": "a b&c=d+e", "on": True, "rgb": rgb, "empty": ""}
    exploded = [("color", "blue"), ("color", "black"), ("color", "brown"), ("q", "a b&c=d+e"), ("on", "true"),
                ("R", "100"), ("G", "200"), ("B", "150"), ("empty", "")]
    for method, where in (("GET", "query"), ("POST", "form")):
        add(f"openapi form {method}", [method, "https://example.com/o", "-p", json.dumps(params), "--query-style",
                                       "form", "--key-order", "insertion", "--no-default-headers"], {
            "werkzeug": ("args" if where == "query" else "form", [list(p) for p in exploded]),
            "qsl": (where, exploded),
        })
    # explode false and the delimited styles: one value per parameter, which the reader splits on its delimiter.
    for style, delimiter in (("form-no-explode", ","), ("space-delimited", " "), ("pipe-delimited", "|")):
        delimited = [("color", delimiter.join(color)), ("q", "a b&c=d+e"), ("on", "true"),
                     ("rgb", delimiter.join(["R", "100", "G", "200", "B", "150"])), ("empty", "")]
        add(f"openapi {style}", ["GET", "https://example.com/o", "-p", json.dumps(params), "--query-style", style,
                                 "--key-order", "insertion"], {
            "werkzeug": ("args", [list(p) for p in delimited]),
            "qsl": ("query", delimited),
        })
    # allowReserved (--allow-reserved): reserved characters stay literal in values and still read back as the same
    # values; a %XX triple in a value is passed through, so readers decode it; & = + # are still escaped.
    reserved = {"path": "a/b?c:d@e!$'()*,;", "f": "x%2By", "s": "1&2=3+4#5 6"}
    reserved_pairs = [("path", "a/b?c:d@e!$'()*,;"), ("f", "x+y"), ("s", "1&2=3+4#5 6")]
    for method, where in (("GET", "query"), ("POST", "form")):
        add(f"openapi allow-reserved {method}", [method, "https://example.com/r", "-p", json.dumps(reserved),
                                                 "--query-style", "form", "--allow-reserved", "--key-order",
                                                 "insertion", "--no-default-headers"], {
            "werkzeug": ("args" if where == "query" else "form", [list(p) for p in reserved_pairs]),
            "qsl": (where, reserved_pairs),
        })
    # deepObject: one bracket pair per level, so Rack and PHP rebuild dictionaries nested deeper than one level.
    deep = {"color": rgb, "filter": {"size": {"min": 1, "max": 9}, "on": True}, "id": [1, 2]}
    add("openapi deep-object", ["GET", "https://example.com/d", "-p", json.dumps(deep), "--query-style",
                                "deep-object", "--bool", "literal"], {
        "rack": ("get", {"color": {"R": "100", "G": "200", "B": "150"},
                         "filter": {"size": {"min": "1", "max": "9"}, "on": "true"}, "id": "2"}),
        "php": ("get", {"color": {"R": "100", "G": "200", "B": "150"},
                        "filter": {"size": {"min": "1", "max": "9"}, "on": "true"}, "id": "2"}),
        "qsl": ("query", [("color[B]", "150"), ("color[G]", "200"), ("color[R]", "100"), ("filter[on]", "true"),
                          ("filter[size][max]", "9"), ("filter[size][min]", "1"), ("id", "1"), ("id", "2")]),
    })
    return cases


def run_openapi_styles():
    cases = openapi_style_cases()
    rack_results = rack([request for _, request, _ in cases])
    for (name, request, expectations), rack_result in zip(cases, rack_results):
        for parser, (key, expected) in expectations.items():
            if parser == "php":
                actual = php(request).get(key)
            elif parser == "rack":
                actual = rack_result.get(key, rack_result.get("error"))
            elif parser == "werkzeug":
                actual = werkzeug(request)[key]
            else:
                text = request.query if key == "query" else request.body.decode("utf-8")
                actual = urllib.parse.parse_qsl(text, keep_blank_values=True)
            check(f"{name}: {parser} {key}", actual, expected)
    # --path-param: each value is one path segment whatever it holds; the query is untouched by it.
    request = build("openapi path-param", "GET", "https://example.com/users/{id}/files{/path*}{?v}",
                    "--path-param", 'id="a/b?c#d"', "--path-param", 'path=["x/y", "é z"]',
                    "--path-param", "v=2", "-p", '{"q": "1"}')
    if request is not None:
        segments = [urllib.parse.unquote(segment) for segment in request.path.split("/")]
        check("openapi path-param: segments", segments, ["", "users", "a/b?c#d", "files", "x/y", "é z"])
        check("openapi path-param: qsl query", urllib.parse.parse_qsl(request.query), [("v", "2"), ("q", "1")])
        check("openapi path-param: werkzeug args", werkzeug(request)["args"], [["v", "2"], ["q", "1"]])


# END issue 14: OpenAPI parameter styles
# ---------------------------------------------------------------------------------------------------------------


def main():
    run_exact_outputs()
    run_errors()
    run_form_and_query()
    run_openapi_styles()  # issue 14
    run_multipart()
    run_json_and_plist()
    run_send()
    if os.environ.get("INTEROP_SCALE", "1") != "0":
        run_scale()
    for module in EXTRA_SUITES:
        module()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


EXTRA_SUITES = []

if __name__ == "__main__":
    import atexit
    import shutil

    atexit.register(shutil.rmtree, TMP, ignore_errors=True)
    sys.exit(main())
