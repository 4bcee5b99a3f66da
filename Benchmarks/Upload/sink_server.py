#!/usr/bin/env python3
"""Upload sink for M3 and the 1 GiB check: an HTTP/1.1 server on 127.0.0.1 that reads each request body without
storing it. For a multipart/form-data body with one part, it finds that part's content as it streams and reports its
size and SHA-256 (`part_size`, `part_sha256`), so the file a client sent can be compared with the file whatever the
client's boundary; `--no-hash` skips the SHA-256 (for timing: hashing costs the server more than the clients spend).
Answers with JSON: method, size, part_size, part_sha256, content_length, transfer_encoding.
Prints its port on the first line of standard output, then serves until killed."""

import hashlib
import json
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CHUNK = 1 << 20


class SinglePartHasher:
    """Hashes the content of the only part of a multipart body, fed in chunks."""

    def __init__(self, boundary, hashing):
        self.closing = b"\r\n--" + boundary + b"--\r\n"
        self.head = b""
        self.in_content = False
        self.held = b""
        self.digest = hashlib.sha256() if hashing else None
        self.size = 0

    def write(self, chunk):
        if not self.in_content:
            self.head += chunk
            end = self.head.find(b"\r\n\r\n")
            if end < 0:
                return
            chunk = self.head[end + 4:]
            self.in_content = True
        data = self.held + chunk
        keep = len(self.closing)
        if len(data) > keep:
            if self.digest:
                self.digest.update(memoryview(data)[: len(data) - keep])
            self.size += len(data) - keep
            self.held = data[len(data) - keep:]
        else:
            self.held = data

    def finish(self):
        if not self.in_content or self.held != self.closing:
            return None, None
        return self.size, self.digest.hexdigest() if self.digest else None


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
                self.read_exactly(size, consume)
                self.rfile.readline()
        else:
            self.read_exactly(int(self.headers.get("Content-Length", "0")), consume)

    def read_exactly(self, remaining, consume):
        while remaining:
            chunk = self.rfile.read(min(remaining, CHUNK))
            if not chunk:
                raise ConnectionError("body ended early")
            consume(chunk)
            remaining -= len(chunk)

    def handle_any(self):
        size = 0
        match = re.search(r'boundary="?([^";]+)"?', self.headers.get("Content-Type", ""))
        part = SinglePartHasher(match.group(1).encode(), HASHING) if match else None

        def consume(chunk):
            nonlocal size
            size += len(chunk)
            if part is not None:
                part.write(chunk)

        self.read_body(consume)
        part_size, part_sha256 = part.finish() if part else (None, None)
        body = json.dumps({
            "method": self.command, "size": size, "part_size": part_size, "part_sha256": part_sha256,
            "content_length": self.headers.get("Content-Length"),
            "transfer_encoding": self.headers.get("Transfer-Encoding"),
        }).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = handle_any


HASHING = "--no-hash" not in sys.argv[1:]
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
