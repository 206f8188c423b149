#!/usr/bin/env python3
"""Compares two JSON Lines event streams of the same replay (x86_64 nfv and arm64 nfv, scripts/test-arm64).

    compare_events.py REFERENCE OTHER [--tolerance X]

Identical bytes pass at once. Otherwise the streams must have the same events, keys, strings, booleans and array
lengths, and every number may differ by at most X (default 0: bit for bit). Prints the largest absolute difference
of each numeric field that differs (fields named by their path, array positions as []), and exits 1 when a
structural difference is found or a number differs by more than X.
"""
import json
import sys


def walk(reference, other, path, differences, mismatches):
    """Records into `differences` the largest |a - b| per numeric path, into `mismatches` every structural one."""
    if isinstance(reference, bool) or isinstance(other, bool) or reference is None or other is None:
        if reference != other:
            mismatches.append(f"{path}: {reference!r} vs {other!r}")
    elif isinstance(reference, (int, float)) and isinstance(other, (int, float)):
        if reference != other:
            differences[path] = max(differences.get(path, 0.0), abs(reference - other))
    elif isinstance(reference, dict) and isinstance(other, dict):
        if reference.keys() != other.keys():
            mismatches.append(f"{path}: keys {sorted(reference.keys() ^ other.keys())} in one only")
        for key in reference.keys() & other.keys():
            walk(reference[key], other[key], f"{path}.{key}", differences, mismatches)
    elif isinstance(reference, list) and isinstance(other, list):
        if len(reference) != len(other):
            mismatches.append(f"{path}: {len(reference)} vs {len(other)} elements")
        for a, b in zip(reference, other):
            walk(a, b, f"{path}[]", differences, mismatches)
    elif reference != other:
        mismatches.append(f"{path}: {reference!r} vs {other!r}")


def main():
    arguments = sys.argv[1:]
    tolerance = 0.0
    if "--tolerance" in arguments:
        at = arguments.index("--tolerance")
        tolerance = float(arguments[at + 1])
        del arguments[at:at + 2]
    reference_path, other_path = arguments
    with open(reference_path, "rb") as file:
        reference_text = file.read()
    with open(other_path, "rb") as file:
        other_text = file.read()
    reference_lines = reference_text.splitlines()
    if reference_text == other_text:
        print(f"compare_events: identical, bit for bit ({len(reference_lines)} events)")
        return 0
    other_lines = other_text.splitlines()
    differences, mismatches = {}, []
    if len(reference_lines) != len(other_lines):
        mismatches.append(f"{len(reference_lines)} vs {len(other_lines)} events")
    for number, (a, b) in enumerate(zip(reference_lines, other_lines), start=1):
        walk(json.loads(a), json.loads(b), f"event {number}", differences, mismatches)
    by_field = {}
    for path, difference in differences.items():
        field = path.split(" ", 2)[-1].split(".", 1)[-1]
        by_field[field] = max(by_field.get(field, 0.0), difference)
    for field, difference in sorted(by_field.items(), key=lambda item: -item[1]):
        print(f"compare_events: largest difference {difference:.3g} in {field}")
    for mismatch in mismatches[:20]:
        print(f"compare_events: differs: {mismatch}")
    worst = max(by_field.values(), default=0.0)
    print(f"compare_events: {len(reference_lines)} events, {len(by_field)} numeric fields differ (largest "
          f"{worst:.3g}, tolerance {tolerance:g}), {len(mismatches)} structural differences")
    return 0 if not mismatches and worst <= tolerance else 1


if __name__ == "__main__":
    sys.exit(main())
