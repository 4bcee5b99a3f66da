"""Decodes the bodies WireformProtobufFixtures wrote with Python's protobuf package, an implementation independent of
swift-protobuf, and compares them with messages built here from the same values.

For each binary fixture: it parses as the expected message type, equals the message built here, and is byte for byte
what Python writes for that message with deterministic=True. For each JSON fixture: json_format.Parse reads it into
the same message, and every JSON object has its members sorted by key bytes. Prints one line per check and
'N passed, M failed'; exits 1 on any failure.
"""

import json
import sys
from pathlib import Path

from google.protobuf import any_pb2, duration_pb2, json_format, struct_pb2, timestamp_pb2

# The tree WireformProtobufFixtures serializes (Sources/WireformProtobufFixtures/main.swift), as the Struct it must
# become: numbers are doubles, the set is its sorted distinct members, the date is ISO 8601 text.
PARAMETERS = {
    "name": "bang \u2713",
    "count": 2,
    "ratio": -0.5,
    "price": 19.99,
    "admin": True,
    "nickname": None,
    "ids": [1, "two", [3]],
    "tags": ["a", "b"],
    "user": {"id": 7, "roles": []},
    "when": "2024-01-02T03:04:05.250Z",
    "largest": 9007199254740992,
    "tiny": 5e-324,
    "keys": {"\u00e9": 1, "z": 2, "Z": 3, "\u00e4": {"b": []}},
}


def struct(values):
    message = struct_pb2.Struct()
    message.update(values)
    return message


def expected_messages():
    timestamp = timestamp_pb2.Timestamp(seconds=1704164645, nanos=250000000)
    any_timestamp = any_pb2.Any()
    any_timestamp.Pack(timestamp)
    any_struct = any_pb2.Any()
    # Pack writes the packed message now; deterministic=True sorts its map entries, as deterministicallyPacking does.
    any_struct.Pack(struct({"id": 7, "tags": ["a", "b"]}), deterministic=True)
    list_value = struct_pb2.ListValue()
    list_value.extend([1, "two", None, True, {"k": "v"}])
    return {
        "struct-parameters": struct(PARAMETERS),
        "timestamp": timestamp,
        "duration": duration_pb2.Duration(seconds=-90, nanos=-500000000),
        "any-timestamp": any_timestamp,
        "any-struct": any_struct,
        "list-value": list_value,
        "value": struct_pb2.Value(number_value=0.1),
    }


def same(left, right):
    """Whether two messages mean the same: compared as dicts, so that an Any whose packed bytes list map entries in
    another order (Python packs in its own map order) still matches. Byte order is checked separately."""
    return type(left) is type(right) and json_format.MessageToDict(left) == json_format.MessageToDict(right)


def objects_sorted(text):
    """Whether every JSON object in the text has its members in UTF-8 byte order of their keys."""
    ordered = True

    def hook(pairs):
        nonlocal ordered
        keys = [key.encode("utf-8") for key, _ in pairs]
        ordered = ordered and keys == sorted(keys)
        return dict(pairs)

    json.loads(text, object_pairs_hook=hook)
    return ordered


def main(folder):
    folder = Path(folder)
    passed, failed = 0, 0

    def check(name, ok, detail=""):
        nonlocal passed, failed
        if ok:
            passed += 1
            print(f"ok   {name}")
        else:
            failed += 1
            print(f"FAIL {name} {detail}")

    for name, expected in expected_messages().items():
        binary_path = folder / f"{name}.bin"
        json_path = folder / f"{name}.json"
        check(f"{name}: both fixtures were written", binary_path.is_file() and json_path.is_file())
        if not (binary_path.is_file() and json_path.is_file()):
            continue

        data = binary_path.read_bytes()
        decoded = type(expected)()
        try:
            decoded.ParseFromString(data)
            check(f"{name}.bin decodes to the expected message", same(decoded, expected),
                  f"\n  got:      {json_format.MessageToJson(decoded)}\n  expected: {json_format.MessageToJson(expected)}")
        except Exception as error:  # noqa: BLE001 - any decode error is a failed check
            check(f"{name}.bin decodes", False, repr(error))
        python_bytes = expected.SerializeToString(deterministic=True)
        check(f"{name}.bin is the bytes Python writes (deterministic)", data == python_bytes,
              f"\n  swift:  {data.hex()}\n  python: {python_bytes.hex()}")

        text = json_path.read_text(encoding="utf-8")
        try:
            parsed = json_format.Parse(text, type(expected)())
            check(f"{name}.json parses to the expected message", same(parsed, expected),
                  f"\n  got: {text}\n  expected: {json_format.MessageToJson(expected)}")
            check(f"{name}.json has every object's members sorted", objects_sorted(text), text)
        except Exception as error:  # noqa: BLE001
            check(f"{name}.json parses", False, f"{error!r}: {text}")

    print(f"{passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: python_check.py FOLDER", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
