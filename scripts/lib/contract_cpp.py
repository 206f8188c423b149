"""The C++ wrapper's generated header, bindings/cpp/neurofit_vitals_types.hpp: the contract's enumerations as enum
classes with their wire names, its objects (Result, ErrorInfo, CancelContext) and events as structs read from the
library's JSON with nfv::json (bindings/cpp/neurofit_vitals_json.hpp), the EventData variant, and Change, the
typed outcome of nfv_compare."""
import textwrap

from contract_python import class_name, snake

PATH = "bindings/cpp/neurofit_vitals_types.hpp"
# C++ names of the contract's objects (`Error` is taken by the wrapper's exception class).
OBJECT_NAMES = {"Result": "Result", "Error": "ErrorInfo", "CancelContext": "CancelContext"}


def pascal(value):
    """An enumeration value as a C++ enumerator (`noContact` -> `NoContact`)."""
    return value[:1].upper() + value[1:]


def comment(text, indent=""):
    """`text` as a `///` comment: a capital, a full stop, wrapped at 120 columns (one string of lines)."""
    text = text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
    return "\n".join(textwrap.wrap(text, 120, initial_indent=indent + "/// ", subsequent_indent=indent + "/// "))


def member_type(field):
    """(C++ type, expression reading it from `object`) of one key."""
    key, required = field["name"], field["required"]
    if "enum" in field:
        kind = f'::nfv::{field["enum"]}'
        if required:
            return kind, f'detail::from_wire<{kind}>(detail::required(object, "{key}"))'
        return f"std::optional<{kind}>", f'detail::optional_enum<{kind}>(object, "{key}")'
    if "object" in field:
        kind = "::nfv::" + OBJECT_NAMES[field["object"]]
        if required:
            return kind, f'{kind}::from(detail::required(object, "{key}"))'
        return f"std::optional<{kind}>", f'detail::optional_object<{kind}>(object, "{key}")'
    if field["type"] == "object":
        return "json::Value", f'detail::required(object, "{key}")'
    if field["type"] == "array":
        return "std::vector<std::string>", f'detail::strings(object, "{key}")'
    if "unknown" in field:
        return "std::optional<double>", f'detail::known(object, "{key}", {field["unknown"]:g})'
    simple = {"number": "double", "integer": "int", "boolean": "bool", "string": "std::string"}
    kind = simple[field["type"]]
    if required:
        return kind, f'detail::required_{field["type"]}(object, "{key}")'
    return f"std::optional<{kind}>", f'detail::optional_{field["type"]}(object, "{key}")'


def struct(name, summary, fields, extra_members=(), extra_reads=(), indent=""):
    """A struct with a member per key and `from(object)`, which throws std::invalid_argument for a missing or
    mistyped key."""
    out = [comment(summary, indent), f"{indent}struct {name} {{"]
    for field in fields:
        kind = member_type(field)[0]
        unit = f' ({field["unit"]})' if "unit" in field else ""
        out += [comment(field["summary"] + unit, indent + "    "), f"{indent}    {kind} {snake(field['name'])};"]
    out += [indent + "    " + line for line in extra_members]
    out += ["", f"{indent}    /// The {name} of a JSON object from the library; throws std::invalid_argument when a key it",
            f"{indent}    /// needs is missing or mistyped.", f"{indent}    static {name} from(const json::Value &object) {{",
            f"{indent}        {name} value;"]
    for field in fields:
        line = f"{indent}        value.{snake(field['name'])} = {member_type(field)[1]};"
        out += [line] if len(line) <= 120 else [line[:line.index(" = ") + 2], f"{indent}            " +
                                                line[line.index(" = ") + 3:]]
    out += [f"{indent}        {line}" for line in extra_reads]
    out += [f"{indent}        return value;", f"{indent}    }}", f"{indent}}};", ""]
    return out


def enumeration(enum):
    name = enum["name"]
    summaries = enum.get("valueSummaries", [""] * len(enum["values"]))
    out = [comment(enum["summary"] + ". Unknown: a value this wrapper does not know (a newer library)."),
           f"enum class {name} : int {{"]
    if "names" in enum:
        pairs = list(zip(enum["names"], enum["values"]))
        out += [f"    {pascal(n)} = {v},  ///< {s}" for (n, v), s in zip(pairs, summaries)] + ["    Unknown = 0,", "};", ""]
        out += [f"template <>", f"inline {name} detail::from_wire<{name}>(const json::Value &value) {{",
                "    switch (static_cast<int>(value.as_number())) {"]
        out += [f"        case {v}: return {name}::{pascal(n)};" for n, v in pairs]
        out += [f"        default: return {name}::Unknown;", "    }", "}", ""]
        out += [f"/// The name of a {name} value (\"{pairs[0][0]}\", …; empty for Unknown).",
                f"inline std::string_view wire_name({name} value) {{", "    switch (value) {"]
        out += [f'        case {name}::{pascal(n)}: return "{n}";' for n, _ in pairs]
        out += ["        default: return {};", "    }", "}", ""]
        return out
    out += [f"    {pascal(v)},{'  ///< ' + s if s else ''}" for v, s in zip(enum["values"], summaries)]
    out += ["    Unknown,", "};", ""]
    out += [f"template <>", f"inline {name} detail::from_wire<{name}>(const json::Value &value) {{",
            "    const std::string &name = value.as_string();"]
    out += [f'    if (name == "{v}") return {name}::{pascal(v)};' for v in enum["values"]]
    out += [f"    return {name}::Unknown;", "}", ""]
    out += [f"/// The wire value of a {name} (\"{enum['values'][0]}\", …; empty for Unknown).",
            f"inline std::string_view wire_name({name} value) {{", "    switch (value) {"]
    out += [f'        case {name}::{pascal(v)}: return "{v}";' for v in enum["values"]]
    out += ["        default: return {};", "    }", "}", ""]
    return out


HELPERS = r'''namespace detail {

/// The value of `key`; throws std::invalid_argument when the object lacks it.
inline const json::Value &required(const json::Value &object, const char *key) {
    const json::Value *value = object.find(key);
    if (value == nullptr || value->is_null()) throw std::invalid_argument(std::string("missing key ") + key);
    return *value;
}

inline double required_number(const json::Value &object, const char *key) { return required(object, key).as_number(); }
inline int required_integer(const json::Value &object, const char *key) {
    return static_cast<int>(required(object, key).as_number());
}
inline bool required_boolean(const json::Value &object, const char *key) { return required(object, key).as_bool(); }
inline std::string required_string(const json::Value &object, const char *key) {
    return required(object, key).as_string();
}

template <class T, class Read>
std::optional<T> optional(const json::Value &object, const char *key, Read read) {
    const json::Value *value = object.find(key);
    if (value == nullptr || value->is_null()) return std::nullopt;
    return read(*value);
}

inline std::optional<double> optional_number(const json::Value &object, const char *key) {
    return optional<double>(object, key, [](const json::Value &value) { return value.as_number(); });
}
inline std::optional<int> optional_integer(const json::Value &object, const char *key) {
    return optional<int>(object, key, [](const json::Value &value) { return static_cast<int>(value.as_number()); });
}
inline std::optional<bool> optional_boolean(const json::Value &object, const char *key) {
    return optional<bool>(object, key, [](const json::Value &value) { return value.as_bool(); });
}
inline std::optional<std::string> optional_string(const json::Value &object, const char *key) {
    return optional<std::string>(object, key, [](const json::Value &value) { return value.as_string(); });
}

/// A number the library always sends, with `unknown` (-1) standing for a figure it does not have: absent then.
inline std::optional<double> known(const json::Value &object, const char *key, double unknown) {
    const double value = required_number(object, key);
    return value == unknown ? std::nullopt : std::optional<double>(value);
}

inline std::vector<std::string> strings(const json::Value &object, const char *key) {
    std::vector<std::string> out;
    for (const json::Value &item : required(object, key).as_array()) out.push_back(item.as_string());
    return out;
}

template <class T>
std::optional<T> optional_object(const json::Value &object, const char *key) {
    return optional<T>(object, key, [](const json::Value &value) { return T::from(value); });
}

/// The enumerator of a wire value (specialised below for each enumeration).
template <class Enum>
Enum from_wire(const json::Value &value);

/// An enumeration's value when the object has the key.
template <class Enum>
std::optional<Enum> optional_enum(const json::Value &object, const char *key) {
    return optional<Enum>(object, key, [](const json::Value &value) { return from_wire<Enum>(value); });
}

}  // namespace detail
'''


def header(contract, mark):
    objects = {o["name"]: o for o in contract["objects"]}
    out = [f"// {mark}", "//",
           "// neurofit_vitals_types.hpp — the C++ wrapper's typed values, read from the library's JSON: the",
           "// enumerations, Result, ErrorInfo, CancelContext, one struct per event in nfv::event, EventData (a variant",
           "// of them) and Change (nfv::compare). Each struct's from(object) throws std::invalid_argument when a key it",
           "// needs is missing or mistyped; parse_event() turns that into event::Unknown instead. Included by",
           "// neurofit_vitals.hpp.", "#ifndef NEUROFIT_VITALS_TYPES_HPP", "#define NEUROFIT_VITALS_TYPES_HPP", "",
           '#include "neurofit_vitals_json.hpp"', "", "#include <optional>", "#include <stdexcept>",
           "#include <string>", "#include <string_view>", "#include <variant>", "#include <vector>", "",
           "namespace nfv {", "", HELPERS]
    out += kinds_and_formats(contract)
    for enum in contract["enums"]:
        out += enumeration(enum)
    out += struct("ErrorInfo", objects["Error"]["summary"], objects["Error"]["fields"])
    out += struct("CancelContext", objects["CancelContext"]["summary"] + " (absent: unknown)",
                  objects["CancelContext"]["fields"])
    out += struct("Result", objects["Result"]["summary"] + "; absent values were withheld", objects["Result"]["fields"],
                  extra_members=["/// The whole result as the library's JSON text (store it to keep the reading).",
                                 "std::string json;"],
                  extra_reads=["value.json = object.source();"])
    out += ["/// The Result of a JSON text (a stored Result::json, say); throws std::invalid_argument when it is not one.",
                      "inline Result result_from_json(std::string_view text) { return Result::from(json::Value::parse(text)); }",
                      ""]
    out += ["/// One struct per event type (docs/events.md); `t` is the sample time of the latest frame consumed when "
            "the event", "/// arose, seconds on the source's clock.", "namespace event {", ""]
    names = []
    for event in contract["events"]:
        name = class_name(event["type"])
        names.append(name)
        out += struct(name, event["summary"], event["fields"],
                      extra_members=["/// Sample time (s), absent before the first frame.", "std::optional<double> t;"],
                      extra_reads=['value.t = detail::optional_number(object, "t");'])
    out += ["/// An event this wrapper does not know (a newer library), or one lacking a key its type needs.",
            "struct Unknown {", "    /// Its JSON `type`.", "    std::string type;", "    /// The whole event.",
            "    json::Value json;", "    /// Sample time (s), when it has one.", "    std::optional<double> t;", "};",
            "", "}  // namespace event", "",
            "/// A typed event: std::visit it, or std::get_if<nfv::event::Preview>(&data).",
            *textwrap.wrap("using EventData = std::variant<" + ", ".join(f"event::{n}" for n in names)
                           + ", event::Unknown>;", 120, subsequent_indent="                               "), "",
            "/// The typed event of `type` (as nfv_event_kind_name() names an event's kind) from its JSON text;",
            "/// event::Unknown for a type this wrapper does not know or an event lacking a key. Throws",
            "/// std::invalid_argument only when the text is not JSON.",
            "inline EventData parse_event(std::string_view type, std::string_view text) {",
            "    json::Value object = json::Value::parse(text);", "    try {"]
    for event, name in zip(contract["events"], names):
        out.append(f'        if (type == "{event["type"]}") return event::{name}::from(object);')
    out += ["    } catch (const std::invalid_argument &) {", "    }",
            '    return event::Unknown{std::string(type), object, detail::optional_number(object, "t")};', "}", ""]
    out += change(contract)
    out += ["}  // namespace nfv", "", "#endif  // NEUROFIT_VITALS_TYPES_HPP", ""]
    return "\n".join(out)


def kinds_and_formats(contract):
    """EventKind (the C nfv_event_kind) and PixelFormat (nfv_pixel_format), numbered as the contract numbers them
    (scripts/generate --check holds include/neurofit_vitals.h to the same numbers)."""
    out = ["/// What an event is (`nfv_event_kind`): its JSON \"type\" as a value, so a program switches on it without "
           "reading", "/// the JSON. New kinds may come from a newer library: treat an unknown value as an event to "
           "ignore.", "enum class EventKind : int {"]
    out += [f"    {class_name(e['type'])} = {e['kind']},  ///< {e['summary']}" for e in contract["events"]]
    out += ["};", "", "/// Pixel layouts for Session::submit_frame() (`nfv_pixel_format`).", "enum class PixelFormat : int {"]
    out += [f"    {p['name']} = {p['value']},  ///< {p['summary']}" for p in contract["pixelFormats"]]
    return out + ["};", ""]


def change(contract):
    out = ["/// One metric of a comparison: the two values, their difference and whether it is beyond typical "
           "variation", "/// (absent for a metric without a threshold).", "struct MetricChange {",
           "    double baseline;", "    double follow_up;", "    /// follow_up - baseline.", "    double delta;",
           "    std::optional<bool> beyond_typical_variation;", "",
           "    static MetricChange from(const json::Value &object) {",
           '        return MetricChange{detail::required_number(object, "baseline"), '
           'detail::required_number(object, "followUp"),',
           '                            detail::required_number(object, "delta"),',
           '                            detail::optional_boolean(object, "beyondTypicalVariation")};', "    }", "};", "",
           "/// How two readings differ (nfv::compare): per metric, absent when either reading lacks it.",
           "struct Change {"]
    for m in contract["metrics"]:
        threshold = ("no threshold" if m["comparisonThreshold"] is None
                     else f'beyond typical variation above {m["comparisonThreshold"]:g} {m.get("unit", "")}'.rstrip())
        out += [f"    /// {m['label']}: {threshold}.", f"    std::optional<MetricChange> {snake(m['key'])};"]
    out += ["", "    static Change from(const json::Value &object) {", "        Change value;"]
    out += [f'        value.{snake(m["key"])} = detail::optional_object<MetricChange>(object, "{m["key"]}");'
            for m in contract["metrics"]]
    out += ["        return value;", "    }", "};", ""]
    return out
