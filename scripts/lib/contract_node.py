"""The Node binding's generated sections: the declarations of index.d.ts (enumerations, objects, events, error
classes, the compared metrics, pixel format names), the error classes of lib/errors.js and the pixel formats of
lib/pixel-format.js."""
import json

from contract_python import class_name, error_class

# TypeScript names for contract names that would clash or read oddly.
ENUM_NAMES = {"Guidance": "GuidanceKind", "Quality": "SignalQuality", "BreathingConfidence": "BreathingRateConfidence"}
OBJECT_NAMES = {"Error": "ErrorInfo"}
# Names submitFrame also accepts, beside the contract's.
PIXEL_ALIASES = {"rgb": "rgb24", "bgr": "bgr24"}
# Enumerations typed as plain strings where they appear: a newer library adds error codes a program must pass on.
OPEN_ENUMS = {"ErrorCode"}
# Objects whose keys are open: hosts may meet keys a newer library adds.
OPEN_OBJECTS = {"Result"}


def comment(text, indent=""):
    text = text[0].upper() + text[1:]
    return f"{indent}/** {text}{'' if text.endswith('.') else '.'} */"


def ts_type(field):
    if field.get("enum") in OPEN_ENUMS:
        return "string"
    if "enum" in field:
        return ENUM_NAMES.get(field["enum"], field["enum"])
    if "object" in field:
        return OBJECT_NAMES.get(field["object"], field["object"])
    return {"string": "string", "number": "number", "integer": "number", "boolean": "boolean", "array": "string[]",
            "object": "Record<string, unknown>"}[field["type"]]


def members(fields):
    lines = []
    for field in fields:
        lines.append(comment(field["summary"], "  "))
        lines.append(f"  {field['name']}{'' if field['required'] else '?'}: {ts_type(field)};")
    return lines


def union(values, indent="  "):
    """`'a' | 'b' | …`, broken before a `|` where a line would pass 100 characters."""
    lines, current = [], ""
    for value in (json.dumps(v).replace('"', "'") for v in values):
        item = value if not current else " | " + value
        if current and len(current) + len(item) > 100:
            lines.append(current)
            current = indent + "| " + value
        else:
            current += item
    return "\n".join(lines + [current])


def declarations(contract):
    """The generated part of index.d.ts."""
    out = []
    for enum in contract["enums"]:
        out += [comment(enum["summary"]), f"export type {ENUM_NAMES.get(enum['name'], enum['name'])} = "
                f"{union(enum['values'])};"]
    values = " ".join(f"{p['name'].upper()}: {p['value']};" for p in contract["pixelFormats"])
    names = [p["name"] for p in contract["pixelFormats"]] + list(PIXEL_ALIASES)
    out += ["/** Pixel layouts Session.submitFrame accepts. */", "export declare const PixelFormat: Readonly<{",
            f"  {values}", "}>;", f"export type PixelFormatName = {union(names)};", ""]
    for obj in contract["objects"]:
        name = OBJECT_NAMES.get(obj["name"], obj["name"])
        out += [comment(obj["summary"]), f"export interface {name} {{"] + members(obj["fields"])
        out += (["  [key: string]: unknown;"] if obj["name"] in OPEN_OBJECTS else []) + ["}"]
    common = [f for f in contract["commonEventFields"] if f["name"] != "type"]
    out += ["", "interface EventBase {"] + members(common) + ["}"]
    for event in contract["events"]:
        name = class_name(event["type"]) + "Event"
        out += [comment(event["summary"]), f"export interface {name} extends EventBase {{",
                f"  type: '{event['type']}';"] + members(event["fields"]) + ["}"]
    names = [class_name(e["type"]) + "Event" for e in contract["events"]]
    out += ["/** Every event. */", "export type SessionEvent ="] + [f"  | {n}" for n in names] + [";"]
    out += ["/** A listener for each event type. */", "interface WireEventMap {"]
    out += [f"  {e['type']}: (event: {n}) => void;" for e, n in zip(contract["events"], names)] + ["}", ""]
    out += ["/** The result keys `compare` judges. */",
            f"export type MetricKey = {union([m['key'] for m in contract['metrics']])};", ""]
    out += [f"export declare class {error_class(e['code'])} extends NeurofitVitalsError {{}}" for e in contract["errors"]]
    return "\n".join(out)


def error_classes(contract):
    """The generated part of lib/errors.js: one subclass per error code."""
    out = []
    for e in contract["errors"]:
        name = error_class(e["code"])
        summary = e["summary"][0].upper() + e["summary"][1:] + "."
        out += [f"const {name} = errorClass('{name}', '{e['code']}', {e['status']},",
                "  '" + summary.replace("\\", "\\\\").replace("'", "\\'") + "');"]
    out.append("/** Every error class, in the contract's order. */")
    out.append("const errorClasses = [" + ", ".join(error_class(e["code"]) for e in contract["errors"]) + "];")
    return "\n".join(wrap_js(line) for line in out)


def pixel_formats(contract):
    """The generated part of lib/pixel-format.js."""
    values = ", ".join(f"{p['name'].upper()}: {p['value']}" for p in contract["pixelFormats"])
    aliases = ", ".join(f"['{a.upper()}', PixelFormat.{b.upper()}]" for a, b in PIXEL_ALIASES.items())
    return "\n".join(["/** Pixel layouts Session.submitFrame() accepts (nfv_pixel_format; docs/getting-started-node.md "
                      "lists each plane). */", "const PixelFormat = Object.freeze({", f"  {values},", "});", "",
                      "/** Names accepted beside PixelFormat's. */", f"const aliases = new Map([{aliases}]);"])


def wrap_js(line, width=120):
    if len(line) <= width or not line.startswith("const errorClasses"):
        return line
    head, items = line.split("[", 1)
    parts, current = [], head + "["
    for item in items.split(", "):
        if len(current) + len(item) + 2 > width:
            parts.append(current.rstrip())
            current = "  "
        current += item + ", "
    parts.append(current.rstrip(", "))
    return "\n".join(parts)
