#!/usr/bin/env python3
"""M3: the same multipart file upload over loopback to one sink server (sink_server.py), interleaved run by run:
the AsyncHTTPClient adapter (`ahc`), MultipartUploader over URLSession (`urlsession`: exact length through a
temporary file; `urlsession-stream`: streamed, chunked on Linux), and `curl -F file=@FILE` as the reference.
`idle-ahc` is the AsyncHTTPClient client sending 1 byte: the baseline for peak memory.

Every run is wrapped in `/usr/bin/time -v` for peak RSS; the seconds are the client's own, from the request's
start to the response's end (curl: %{time_total}). Each client first uploads once, untimed, to a sink that checks
the file part's SHA-256 against the file; the timed runs go to a sink that only checks the part's size (hashing in
Python costs the server more than any client spends, and would time the server instead).

    swift build -c release --package-path Benchmarks/Upload
    python3 Benchmarks/Upload/m3.py --size-mib 256 --runs 3
    python3 Benchmarks/Upload/m3.py --size-mib 1024 --runs 3 --clients idle-ahc,ahc
"""

import argparse
import hashlib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd):
    timed = ["/usr/bin/time", "-v"] + cmd
    result = subprocess.run(timed, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{result.stdout}\n{result.stderr}")
    rss_kib = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    return result.stdout, rss_kib


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--size-mib", type=int, default=256)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clients", default="ahc,urlsession,urlsession-stream,curl")
    parser.add_argument("--hash-timed", action="store_true",
                        help="time the runs against the hashing sink too (slower: the server hashes every part)")
    parser.add_argument("--binary", default=os.path.join(HERE, ".build", "release", "upload-bench"))
    args = parser.parse_args()
    clients = args.clients.split(",")

    with tempfile.TemporaryDirectory(prefix="wireform-m3-") as folder:
        path = os.path.join(folder, "upload.bin")
        digest = hashlib.sha256()
        with open(path, "wb") as file:
            for _ in range(args.size_mib):
                chunk = os.urandom(1 << 20)
                digest.update(chunk)
                file.write(chunk)
        expected = digest.hexdigest()
        def start(*flags):
            server = subprocess.Popen([sys.executable, os.path.join(HERE, "sink_server.py"), *flags],
                                      stdout=subprocess.PIPE, text=True)
            return server, f"http://127.0.0.1:{int(server.stdout.readline())}/upload"

        hashing_server, hashing_url = start()
        timing_server, timing_url = start("--no-hash")
        try:
            rows = {client: [] for client in clients}
            for round in range(args.runs + 1):
                url = hashing_url if round == 0 or args.hash_timed else timing_url
                for client in clients:
                    if client == "curl":
                        out, rss = run(["curl", "-sS", "-F", f"file=@{path}", "-w", '\n{"seconds": %{time_total}}',
                                        url])
                        answer, timing = out.strip().rsplit("\n", 1)
                        seconds, reply = json.loads(timing)["seconds"], json.loads(answer)
                    else:
                        cmd = [args.binary, client, url] + ([] if client.startswith("idle") else [path])
                        out, rss = run(cmd)
                        line = json.loads(out.strip().splitlines()[-1])
                        seconds, reply = line["seconds"], line["server"]
                    if not client.startswith("idle"):
                        if reply["part_size"] != args.size_mib << 20:
                            sys.exit(f"{client}: the server saw a part of {reply['part_size']} bytes")
                        if (round == 0 or args.hash_timed) and reply["part_sha256"] != expected:
                            sys.exit(f"{client}: the server saw SHA-256 {reply['part_sha256']}, the file is {expected}")
                    if round > 0:
                        rows[client].append((seconds, rss, reply))
        finally:
            hashing_server.kill()
            timing_server.kill()

    def stat(values, fmt):
        return f"{fmt(statistics.median(values))} ({fmt(min(values))}–{fmt(max(values))})"

    with open("/proc/loadavg") as file:
        load = " ".join(file.read().split()[:3])
    hashed = ("the SHA-256 of every run's file part" if args.hash_timed
              else "the SHA-256 of the file part on one untimed run per client, then each timed run's part size")
    print(f"{args.size_mib} MiB file, one part; {args.runs} timed runs, interleaved; the server checked {hashed}: "
          f"SHA-256 {expected}, matching. Load average at the end: {load}.\n")
    print("| client | seconds | MiB/s | peak RSS MiB | Content-Length | Transfer-Encoding |")
    print("| --- | --- | --- | --- | --- | --- |")
    for client, samples in rows.items():
        seconds = [s for s, _, _ in samples]
        rates = [args.size_mib / s for s in seconds]
        rss = [r / 1024 for _, r, _ in samples]
        reply = samples[-1][2]
        rate = "—" if client.startswith("idle") else stat(rates, lambda v: f"{v:.0f}")
        print(f"| {client} | {stat(seconds, lambda v: f'{v:.3f}')} | {rate} | "
              f"{stat(rss, lambda v: f'{v:.1f}')} | {reply['content_length'] or 'none'} | "
              f"{reply['transfer_encoding'] or 'none'} |")


main()
