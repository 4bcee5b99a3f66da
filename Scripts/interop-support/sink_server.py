#!/usr/bin/env python3
"""A local HTTP/1.1 server for `wireform --send`: it streams each request body into a SHA-256 without storing it
(Content-Length or chunked transfer coding), and answers with JSON: method, target, headers, size, sha256.
If the body is multipart/form-data, it also streams it through python-multipart and reports each part's name,
filename and SHA-256. Prints its port on the first line of standard output, then serves until killed."""

import hashlib
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def read_body(self, consume):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return
                remaining = size
                while remaining:
                    chunk = self.rfile.read(min(remaining, 1 << 20))
                    if not chunk:
                        raise ConnectionError("body ended early")
                    consume(chunk)
                    remaining -= len(chunk)
                self.rfile.readline()
        else:
            remaining = int(self.headers.get("Content-Length", "0"))
            while remaining:
                chunk = self.rfile.read(min(remaining, 1 << 20))
                if not chunk:
                    raise ConnectionError("body ended early")
                consume(chunk)
                remaining -= len(chunk)

    def handle_any(self):
        digest = hashlib.sha256()
        size = 0
        parts = []
        parser = multipart_parser(self.headers.get("Content-Type", ""), parts)

        def consume(chunk):
            nonlocal size
            digest.update(chunk)
            size += len(chunk)
            if parser is not None:
                parser.write(chunk)

        self.read_body(consume)
        if parser is not None:
            parser.finalize()
        status = 404 if self.path.startswith("/status/404") else 200
        body = json.dumps({
            "method": self.command, "target": self.path, "headers": [list(h) for h in self.headers.items()],
            "size": size, "sha256": digest.hexdigest(), "parts": parts,
        }).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Sink", "1")
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any


def multipart_parser(content_type, parts):
    if not content_type.lower().startswith("multipart/form-data"):
        return None
    import python_multipart as pm

    _, options = pm.multipart.parse_options_header(content_type)
    state = {}

    def on_part_begin():
        state.update(field=b"", value=b"", headers={}, digest=hashlib.sha256(), size=0)

    def on_header_field(data, start, end):
        state["field"] += data[start:end]

    def on_header_value(data, start, end):
        state["value"] += data[start:end]

    def on_header_end():
        state["headers"][state["field"].decode("latin-1").lower()] = state["value"]
        state["field"], state["value"] = b"", b""

    def on_part_data(data, start, end):
        state["digest"].update(data[start:end])
        state["size"] += end - start

    def on_part_end():
        _, params = pm.multipart.parse_options_header(state["headers"].get("content-disposition", b""))
        filename = params.get(b"filename")
        parts.append({"name": params.get(b"name", b"").decode("utf-8"),
                      "filename": filename.decode("utf-8") if filename is not None else None,
                      "size": state["size"], "sha256": state["digest"].hexdigest()})

    return pm.MultipartParser(options[b"boundary"], callbacks={
        "on_part_begin": on_part_begin, "on_part_data": on_part_data, "on_part_end": on_part_end,
        "on_header_field": on_header_field, "on_header_value": on_header_value, "on_header_end": on_header_end,
    })


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        sys.exit(0)
