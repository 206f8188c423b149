"""The Python binding's wire types from the contract: bindings/python/neurofit_vitals/_wire.py."""
import json
import re
import textwrap

# Python names for contract names that would clash with an event class or read oddly in Python.
ENUM_NAMES = {"Guidance": "GuidanceKind", "Quality": "SignalQuality", "BreathingConfidence": "BreathingRateConfidence"}
OBJECT_NAMES = {"Error": "ErrorInfo"}
# The built-in exception each error class also derives from, so `except ValueError` catches a bad argument.
ERROR_BASES = {"cameraPermissionDenied": "PermissionError", "invalidArgument": "ValueError", "misuse": "RuntimeError"}
# Keys the binding reads leniently (absent: this default) although the library always sends them: a stand-in or
# older analysis may leave them out, and a result should still parse.
LENIENT = {("Result", "flags"): "()", ("Result", "diagnostics"): "_EMPTY", ("Result", "engineVersion"): "None"}
# Enumerations the binding exposes as classes (the error codes are exception classes instead).
SKIPPED_ENUMS = {"ErrorCode"}


def snake(name):
    """heartRateBpm -> heart_rate_bpm; sd2sd1 and snake_case keys stay."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def upper_snake(value):
    return snake(str(value)).upper()


def class_name(event_type):
    return event_type[0].upper() + event_type[1:]


def error_class(code):
    name = class_name(code)
    return name if name.endswith("Error") else name + "Error"


def doc(text, indent):
    """A docstring line (no trailing period doubled)."""
    text = text[0].upper() + text[1:] if text else text
    text = text.replace("\\", "\\\\").replace('"""', "'''")
    return f'{indent}"""{text}{"" if text.endswith(".") else "."}"""'


def annotation_and_field(field, enums, owner):
    """The attribute's type annotation and its json_field(...) call."""
    kind, required = field["type"], field["required"]
    lenient = LENIENT.get((owner, field["name"]))
    args = [f"\"{field['name']}\""]
    if "enum" in field and field["enum"] not in SKIPPED_ENUMS:
        enum = ENUM_NAMES.get(field["enum"], field["enum"])
        raw = "int" if all(isinstance(v, int) for v in enums[field["enum"]]["values"]) else "str"
        annotation = f"Union[{enum}, {raw}]"
        args.append(f"decode=_enum({enum})")
    elif "object" in field:
        annotation = OBJECT_NAMES.get(field["object"], field["object"])
        args.append(f"decode={annotation}.from_dict")
    else:
        annotation = {"string": "str", "enum": "str", "number": "float", "integer": "int", "boolean": "bool",
                      "array": "Tuple[str, ...]", "object": "Mapping[str, Any]"}[kind]
        if kind == "array":
            args.append("decode=tuple")
        elif kind == "object":
            args.append("decode=frozen_mapping")
    if "unknown" in field:
        args.append(f"decode=_known({json.dumps(field['unknown'])}), encode=_or({json.dumps(field['unknown'])}), "
                    "always=True")
        required = False
    if lenient is not None:
        if lenient != "None":
            args.append(f"absent={lenient}")
            return annotation, f"json_field({', '.join(args)})"
        required = False
    if required:
        args.append("required=True")
    elif not annotation.startswith("Union"):
        annotation = f"Optional[{annotation}]"
    else:
        annotation = annotation[:-1] + ", None]"
    return annotation, f"json_field({', '.join(args)})"


def record_fields(fields, enums, owner, indent="    "):
    def required(field):
        return field["required"] and "unknown" not in field and (owner, field["name"]) not in LENIENT
    ordered = [f for f in fields if required(f)] + [f for f in fields if not required(f)]
    lines = []
    for field in ordered:
        annotation, call = annotation_and_field(field, enums, owner)
        line = f"{indent}{snake(field['name'])}: {annotation} = {call}"
        if len(line) > 120:
            head, args = call.split("(", 1)
            line = f"{indent}{snake(field['name'])}: {annotation} = {head}(\n{indent}    {args}"
        lines.append(line)
        lines.append(doc(field["summary"] + (f" (the library's {field['unknown']}: None)" if "unknown" in field
                                             else ""), indent))
    lines.append(f"{indent}extra: Mapping[str, Any] = extra_field()")
    lines.append(f'{indent}"""Keys this binding does not know."""')
    return lines


def enum_class(enum):
    values = enum["values"]
    numeric = all(isinstance(v, int) for v in values)
    names = enum.get("names", values)
    name = ENUM_NAMES.get(enum["name"], enum["name"])
    lines = [f"class {name}({'IntEnum' if numeric else 'TextEnum'}):", doc(enum["summary"], "    "), ""]
    summaries = enum.get("valueSummaries", [""] * len(values))
    for n, v, d in zip(names, values, summaries):
        lines += [f"    {upper_snake(n)} = {json.dumps(v)}"] + ([doc(d, "    ")] if d else [])
    return lines


def python_wire(contract, mark):
    enums = {e["name"]: e for e in contract["enums"]}
    out = [f'"""{mark}', "", "The wire contract's enumerations, objects, events and error classes for the Python binding;",
           "the hand-written modules (events.py, results.py, errors.py) add behaviour and re-export them.", '"""',
           "", "from __future__ import annotations", "", "import dataclasses", "from enum import IntEnum",
           "from types import MappingProxyType",
           "from typing import Any, Callable, ClassVar, Mapping, Optional, Tuple, Type, Union", "",
           "from ._bases import ErrorInfoMethods, Event, MetricChange, NeurofitVitalsError, ResultMethods, TextEnum",
           "from ._records import Record, enum_or_raw, extra_field, frozen_mapping, json_field", "",
           "_EMPTY: Mapping[str, Any] = MappingProxyType({})", "", "",
           "def _enum(enum_type: Type[Any]) -> Callable[[Any], Any]:",
           "    return lambda value: enum_or_raw(enum_type, value)", "", "",
           "def _known(unknown: Any) -> Callable[[Any], Any]:",
           "    return lambda value: None if value == unknown else value", "", "",
           "def _or(unknown: Any) -> Callable[[Any], Any]:",
           "    return lambda value: unknown if value is None else value"]
    for enum in contract["enums"]:
        if enum["name"] not in SKIPPED_ENUMS:
            out += ["", ""] + enum_class(enum)
    out += ["", "", "class PixelFormat(IntEnum):",
            '    """Pixel layouts :meth:`Session.submit_frame` accepts (``nfv_pixel_format``)."""', ""]
    out += [f'    {p["name"].upper()} = {p["value"]}' for p in contract["pixelFormats"]]
    mixins = {"Result": "ResultMethods, ", "Error": "ErrorInfoMethods, "}
    for obj in reversed(contract["objects"]):
        name = OBJECT_NAMES.get(obj["name"], obj["name"])
        out += ["", "", "@dataclasses.dataclass(frozen=True)", f"class {name}({mixins.get(obj['name'], '')}Record):",
                doc(obj["summary"], "    "), ""]
        out += record_fields(obj["fields"], enums, obj["name"])
    common = [f for f in contract["commonEventFields"] if f["name"] != "type"]
    for event in contract["events"]:
        out += ["", "", "@dataclasses.dataclass(frozen=True)", f"class {class_name(event['type'])}(Event):",
                doc(event["summary"], "    "), "", f'    type: ClassVar[str] = "{event["type"]}"',
                f"    kind: ClassVar[int] = {event['kind']}"]
        out += record_fields(event["fields"] + common, enums, event["type"])
    out += ["", "", "EVENT_CLASSES: Tuple[Type[Event], ...] = (",
            "    " + ", ".join(class_name(e["type"]) for e in contract["events"]) + ",", ")",
            '"""Every event class, in the contract\'s order."""']
    out += change_assessment(contract["metrics"])
    for error in contract["errors"]:
        bases = "NeurofitVitalsError" + (", " + ERROR_BASES[error["code"]] if error["code"] in ERROR_BASES else "")
        out += ["", "", f"class {error_class(error['code'])}({bases}):", doc(error["summary"], "    "), "",
                f'    code = "{error["code"]}"', f"    status = {error['status']}",
                f"    default_retryable = {error['retryable']}"]
    out += ["", "", "ERROR_CLASSES: Tuple[Type[NeurofitVitalsError], ...] = (",
            "    " + ", ".join(error_class(e["code"]) for e in contract["errors"]) + ",", ")",
            '"""One exception class per error code, in the contract\'s order."""', ""]
    return "\n".join(wrap(line) for line in out)


def change_assessment(metrics):
    """ChangeAssessment (one attribute per metric) and the metrics' result keys with their attributes."""
    out = ["", "", "@dataclasses.dataclass(frozen=True)", "class ChangeAssessment:",
           '    """The iOS SDK\'s ``VitalsChange`` comparison; a metric is None when either reading lacks it."""', ""]
    for metric in metrics:
        threshold = metric["comparisonThreshold"]
        unit = " " + metric["unit"] if "unit" in metric else ""
        out.append(f"    {snake(metric['key'])}: Optional[MetricChange]")
        out.append(doc(f"{metric['label']}: " + (f"threshold {threshold:g}{unit}" if threshold is not None
                                                  else "no threshold"), "    "))
    out += ["", "", "METRIC_ATTRIBUTES: Tuple[Tuple[str, str], ...] = ("]
    out += [f'    ("{m["key"]}", "{snake(m["key"])}"),' for m in metrics]
    out += [")", '"""Each compared metric\'s result key with its ChangeAssessment attribute."""']
    return out


def wrap(line, width=120):
    """Long tuple lines broken after a comma."""
    if len(line) <= width or not line.startswith("    ") or "=" in line:
        return line
    parts, current = [], "   "
    for item in line.strip().split(", "):
        if len(current) + len(item) + 2 > width:
            parts.append(current.rstrip())
            current = "   "
        current += " " + item + ","
    parts.append(current.rstrip(","))
    return "\n".join(p if p.endswith(",") else p for p in parts)


def event_exports(contract):
    """The generated part of events.py: the import of every event class, the CancelContext record and the
    enumerations events carry from _wire.py, and their names added to ``__all__``."""
    objects = {o["name"]: o for o in contract["objects"]}
    fields = [f for e in contract["events"] for f in e["fields"]] + objects["CancelContext"]["fields"]
    enums = []
    for field in fields:
        name = ENUM_NAMES.get(field.get("enum"), field.get("enum"))
        if name and field["enum"] not in SKIPPED_ENUMS and name not in enums:
            enums.append(name)
    names = [class_name(e["type"]) for e in contract["events"]] + ["CancelContext"] + enums
    imports = textwrap.wrap("from ._wire import (" + ", ".join(sorted(names, key=str.lower)) + ")", 120,
                            subsequent_indent=" " * len("from ._wire import ("), break_on_hyphens=False)
    exported = textwrap.wrap("__all__ += [" + ", ".join(f'"{n}"' for n in names) + "]", 120,
                             subsequent_indent="    ", break_on_hyphens=False)
    return "\n".join(imports + [""] + exported)
