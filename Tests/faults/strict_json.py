#!/usr/bin/env python3
"""Reads JSON Lines on standard input and fails unless every line is one strict JSON object with a "type"
(with --objects: any JSON object, for error and status texts).

Strict: Python's json with strict=True (no raw control characters in strings), NaN/Infinity refused, duplicate keys
refused, and the text must be valid UTF-8. Prints how many events were checked.
"""
import json
import sys


def refuse_constant(name):
    raise ValueError(f"non-standard constant {name}")


def unique_object(pairs):
    keys = [key for key, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError(f"duplicate key in {keys}")
    return dict(pairs)


def main():
    decoder = json.JSONDecoder(strict=True, parse_constant=refuse_constant, object_pairs_hook=unique_object)
    needs_type = "--objects" not in sys.argv[1:]
    count = 0
    for number, raw in enumerate(sys.stdin.buffer, start=1):
        line = raw.rstrip(b"\n")
        if not line.strip():
            continue
        try:
            value = decoder.decode(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as error:
            print(f"line {number} is not strict JSON ({error}): {line[:200]!r}", file=sys.stderr)
            return 1
        if not isinstance(value, dict) or (needs_type and not isinstance(value.get("type"), str)):
            print(f"line {number} is not an event object with a type: {line[:200]!r}", file=sys.stderr)
            return 1
        count += 1
    if count == 0:
        print("no events on standard input", file=sys.stderr)
        return 1
    print(f"strict_json: {count} JSON objects are strict JSON")
    return 0


if __name__ == "__main__":
    sys.exit(main())
