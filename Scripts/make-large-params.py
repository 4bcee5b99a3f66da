#!/usr/bin/env python3
"""Writes a large `--params-file` for memory measurements (issue 10), deterministically.

Shapes (both have about --keys leaf keys and about --megabytes of JSON):

  flat    one object: "k0000000000000001": "<value>", ...  keys of 17 ASCII bytes, string values of about
          (size / keys - 23) bytes (73 for the default 192 MB / 2,000,000): letters, digits, spaces and a few
          characters that need escaping in a form body (&, =, /, é).
  nested  {"g0000": {"s00": {"k000": <leaf>, ...}, ...}, ...}: groups of 10 subgroups of 100 keys each. Leaves
          cycle through strings (mostly), integers, exact decimals, booleans, null and small arrays, so the
          reader's numbers, literals and arrays are exercised too; strings are padded to reach the size.
  tiny    one object of many tiny members, "k00000001":12345 (about 17 bytes each); --keys is ignored and the
          member count follows from the size (about 11 million for 192 MB): the worst case for per-member overhead.
  members one object of exactly --keys members, "k0000000":<index> (--megabytes is ignored): 1,000,000 members
          make 17.9 MB.
  array   {"a":[0,1,...,N-1]} with N = --keys (--megabytes is ignored): one parameter of many tiny elements, which
          a multipart body makes into as many parts; 1,000,000 elements make 6.9 MB.

  objects {"items":[{"a":1},...]}: many small containers in one array, 8 bytes each (--keys is ignored).
  deep    {"d":[chain,...]}: chains of objects nested 120 levels deep, near the writers' 128-level limit.
  long-string  {"s":"..."}: one string value as long as the file.
  escapes many string values written only with escapes (\u00e9, \", \\, \n, \u2028), 542 bytes each.

Usage: Scripts/make-large-params.py OUT.json [--shape NAME] [--keys N] [--megabytes M]
Defaults: --shape flat --keys 2000000 --megabytes 192.  The file is written compactly (no spaces after ':' or ',').
"""

import argparse
import sys

ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 &=/\u00e9-_."


def text(seed: int, length: int) -> str:
    """A deterministic string of `length` characters (é counts as one character, two UTF-8 bytes)."""
    out = []
    state = seed * 2654435761 % 4294967296 or 1
    for _ in range(length):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(ALPHABET[(state >> 16) % len(ALPHABET)])
    return "".join(out)


def json_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def flat(out, keys: int, size: int) -> None:
    # The 17-byte key with its quotes, ':' and ',' and the value's quotes take 23 bytes; one character in 70 is
    # the two-byte é.
    per_entry = max(1, round((size / keys - 23) * 70 / 71))
    pool = [json_string(text(seed, per_entry)) for seed in range(997)]
    out.write("{")
    for index in range(keys):
        if index:
            out.write(",")
        out.write(f'"k{index:016d}":{pool[index % len(pool)]}')
    out.write("}\n")


def nested(out, keys: int, size: int) -> None:
    # Three leaves in four are strings; the others and the '"k000":' keys take about 12 bytes a leaf.
    per_leaf = max(1, round((size / keys - 12) * 4 / 3 * 70 / 71))
    pool = [json_string(text(seed, per_leaf)) for seed in range(997)]
    subgroups, per_subgroup = 10, 100
    groups = max(1, keys // (subgroups * per_subgroup))
    out.write("{")
    index = 0
    for group in range(groups):
        if group:
            out.write(",")
        out.write(f'"g{group:04d}":{{')
        for subgroup in range(subgroups):
            if subgroup:
                out.write(",")
            out.write(f'"s{subgroup:02d}":{{')
            for key in range(per_subgroup):
                if key:
                    out.write(",")
                kind = index % 20
                if kind == 0:
                    leaf = str(index * 7919 - 5_000_000)
                elif kind == 1:
                    leaf = f"{index}.{index % 1000:03d}"
                elif kind == 2:
                    leaf = "true" if index % 3 else "false"
                elif kind == 3:
                    leaf = "null"
                elif kind == 4:
                    leaf = f'[{index % 10},"{text(index, 8)}",{index % 7}]'
                else:
                    leaf = pool[index % len(pool)]
                out.write(f'"k{key:03d}":{leaf}')
                index += 1
            out.write("}")
        out.write("}")
    out.write("}\n")


def tiny(out, keys: int, size: int) -> None:
    out.write("{")
    written, index = 1, 0
    while written < size - 20:
        member = f'{"," if index else ""}"k{index:08d}":{index * 7919 % 100000}'
        out.write(member)
        written += len(member)
        index += 1
    out.write("}\n")


def members(out, keys: int, size: int) -> None:
    out.write("{" + ",".join(f'"k{index:07d}":{index}' for index in range(keys)) + "}\n")


def array(out, keys: int, size: int) -> None:
    out.write('{"a":[' + ",".join(str(index) for index in range(keys)) + "]}\n")


def objects(out, keys: int, size: int) -> None:
    # {"items":[{"a":1},{"a":1},...]}: one parameter holding many small containers (8 bytes each, --keys ignored).
    count = max(1, (size - 12) // 8)
    out.write('{"items":[' + ",".join(['{"a":1}'] * count) + "]}\n")


def deep(out, keys: int, size: int) -> None:
    # {"d":[chain, chain, ...]} where each chain nests objects 120 levels deep ({"a":{"a":...{"a":1}...}}), just
    # under the writers' documented limit of 128 levels with the two outer containers: depth at scale.
    chain = '{"a":' * 120 + "1" + "}" * 120
    count = max(1, size // (len(chain) + 1))
    out.write('{"d":[' + ",".join([chain] * count) + "]}\n")


def long_string(out, keys: int, size: int) -> None:
    # {"s":"<one string of about --megabytes>"}: one value as long as the input.
    pool = text(1, 4096)
    repeats = max(1, (size - 10) // len(pool.encode()))
    out.write('{"s":"' + pool * repeats + '"}\n')


def escapes(out, keys: int, size: int) -> None:
    # {"e0000000":"\u00e9\"\\\n\u2028...", ...}: string values made of escapes only, 542 bytes each.
    value = '"' + "\\u00e9\\\"\\\\\\n\\u2028" * 30 + '"'
    count = max(1, size // (len(value) + 12))
    out.write("{" + ",".join(f'"e{index:07d}":{value}' for index in range(count)) + "}\n")


SHAPES = {"flat": flat, "nested": nested, "tiny": tiny, "members": members, "array": array, "objects": objects,
          "deep": deep, "long-string": long_string, "escapes": escapes}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output")
    parser.add_argument("--shape", choices=sorted(SHAPES), default="flat")
    parser.add_argument("--keys", type=int, default=2_000_000)
    parser.add_argument("--megabytes", type=float, default=192)
    args = parser.parse_args()
    size = int(args.megabytes * 1_000_000)
    with open(args.output, "w", encoding="utf-8", newline="\n") as out:
        SHAPES[args.shape](out, args.keys, size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
