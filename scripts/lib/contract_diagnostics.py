"""The diagnostics keys whose values are a contract enumeration (`hr_source`: HeartRateSource): the table of their
values in docs/mapping.md, and the values the hand-written docs name for them, which must be the contract's."""
import glob
import os
import re

# Each diagnostics key whose values the contract enumerates, with its enumeration's name.
ENUMERATED_KEYS = {"hr_source": "HeartRateSource"}
# The hand-written docs whose mentions of such a key's values are checked.
DOCS = ["README.md", "docs/*.md"]


def values(contract, enumeration):
    """The values of the contract's enumeration `enumeration`, with their summaries (empty when it has none)."""
    enum = next(e for e in contract["enums"] if e["name"] == enumeration)
    return list(zip(enum["values"], enum.get("valueSummaries", [""] * len(enum["values"]))))


def cell(text):
    """`text` for a Markdown table cell (its `|` escaped)."""
    return text.replace("|", "\\|")


def mapping_table(contract, mark):
    """The generated section of docs/mapping.md: each enumerated diagnostics key's values with what they mean."""
    out = [f"<!-- {mark} -->", ""]
    for key, enumeration in ENUMERATED_KEYS.items():
        out += [f"| `{key}` ({enumeration}) | meaning |", "| - | - |"]
        out += [f"| `{value}` | {cell(summary)} |" for value, summary in values(contract, enumeration)]
        out.append("")
    return "\n".join(out + ["<!-- end of generated tables -->"])


def named_values(text, key):
    """(line number, value) of each value the text names for the key: a backticked word right after `key` or
    `diagnostics.key` (with an optional `=` between), as in "`hr_source` `fold`"."""
    pattern = re.compile(r"`(?:diagnostics\.)?%s`\s*(?:=\s*)?`([^`]+)`" % re.escape(key))
    return [(text.count("\n", 0, match.start(1)) + 1, match.group(1)) for match in pattern.finditer(text)]


def problems(root, contract):
    """Every value the hand-written docs name for an enumerated key that its enumeration lacks."""
    found = []
    paths = sorted({os.path.relpath(p, root) for pattern in DOCS for p in glob.glob(os.path.join(root, pattern))})
    for path in paths:
        text = open(os.path.join(root, path)).read()
        for key, enumeration in ENUMERATED_KEYS.items():
            known = {value for value, _ in values(contract, enumeration)}
            found += [f"{path}:{line} names `{value}` as a `{key}`, which is not a {enumeration} of the contract"
                      for line, value in named_values(text, key) if value not in known]
    return found
