"""The Java binding's generated files and sections: the enumerations (each a WireEnum with an UNKNOWN constant),
PixelFormat, and the exception subclasses of VitalsException with the switch that picks one for a code."""
from contract_python import class_name, upper_snake

PACKAGE = "bindings/java/src/main/java/com/neurofit/vitals/"
# Java names for the contract's enumerations; the quality tier stays an int and error codes are exceptions.
ENUM_NAMES = {"SessionPhase": "SessionState", "Guidance": "GuidanceKind", "CancelReason": "CancelReason",
              "SignalLevel": "SignalLevel", "AbortRisk": "AbortRisk", "BreathingConfidence": "BreathingRateConfidence"}


def sentence(text):
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def exception_name(code):
    name = class_name(code)
    return name[:-len("Error")] if name.endswith("Error") else name


def enum_file(enum, mark):
    name = ENUM_NAMES[enum["name"]]
    summaries = enum.get("valueSummaries", [f'the wire value "{v}"' for v in enum["values"]])
    constants = [f'    /** {sentence(d)} */\n    {upper_snake(v)}("{v}"),' for v, d in zip(enum["values"], summaries)]
    return "\n".join([
        f"// {mark}", "package com.neurofit.vitals;", "", f"/** {sentence(enum['summary'])} */",
        f"public enum {name} implements WireEnum {{", *constants,
        "    /** A value this binding does not know (a newer library). */", '    UNKNOWN("");', "",
        "    private final String wireName;", "", f"    {name}(String wireName) {{",
        "        this.wireName = wireName;", "    }", "", "    @Override", "    public String wireName() {",
        "        return wireName;", "    }", "}", ""])


def pixel_format_file(contract, mark):
    constants = [f"    /** {sentence(p['summary'])} */\n    {p['name'].upper()}({p['value']})"
                 for p in contract["pixelFormats"]]
    return "\n".join([
        f"// {mark}", "package com.neurofit.vitals;", "",
        "/** Pixel layouts {@link VitalsSession#submitFrame} accepts (the C {@code nfv_pixel_format}). */",
        "public enum PixelFormat {", ",\n".join(constants) + ";", "", "    private final int value;", "",
        "    PixelFormat(int value) {", "        this.value = value;", "    }", "",
        "    /** The C enum's value. */", "    public int value() {", "        return value;", "    }", "}", ""])


def exceptions(contract):
    """The generated part of VitalsException.java: `of` and one subclass per error code."""
    out = ["    /** The exception for a library error code ({@link Other} for a code this binding does not know). */",
           "    static VitalsException of(String code, String message, boolean retryable, String reason) {",
           "        return switch (code) {"]
    out += [f'            case "{e["code"]}" -> new {exception_name(e["code"])}(message, retryable, reason);'
            for e in contract["errors"]]
    out += ["            default -> new Other(code, message, retryable, reason);", "        };", "    }"]
    for e in contract["errors"]:
        name = exception_name(e["code"])
        out += ["", f"    /** {sentence(e['summary'])} */",
                f"    public static final class {name} extends VitalsException {{",
                "        private static final long serialVersionUID = 1L;", "",
                f"        {name}(String message) {{", f"            this(message, {str(e['retryable']).lower()}, null);",
                "        }", "", f"        {name}(String message, boolean retryable, String reason) {{",
                f'            super({e["status"]}, "{e["code"]}", message, retryable, reason);', "        }", "    }"]
    return "\n".join(out)


def files(contract, mark):
    """Every whole file generated for Java, by path."""
    out = {PACKAGE + ENUM_NAMES[e["name"]] + ".java": enum_file(e, mark)
           for e in contract["enums"] if e["name"] in ENUM_NAMES}
    out[PACKAGE + "PixelFormat.java"] = pixel_format_file(contract, mark)
    out[PACKAGE + "VitalsEvent.java"] = events_file(contract, mark)
    out[PACKAGE + "EventParser.java"] = parser_file(contract, mark)
    out[PACKAGE + "VitalsResult.java"] = result_file(contract, mark)
    out[PACKAGE + "VitalsChange.java"] = change_file(contract, mark)
    return out


# Java record names for events whose class_name would read oddly or clash.
EVENT_NAMES = {"state": "StateChanged", "completed": "Result"}
OBJECT_TYPES = {"Result": ("VitalsResult", "VitalsResult.of({})"), "Error": ("VitalsError", "VitalsError.of({})"),
                "CancelContext": ("Map<String, Object>", "{}.members()")}


def camel(name):
    """A JSON key as a Java identifier (`quality_score` -> `qualityScore`)."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def java_field(field):
    """(type, expression reading it from JsonObject `event`) of one event key."""
    key, required = field["name"], field["required"]
    if "enum" in field and field["enum"] in ENUM_NAMES:
        enum = ENUM_NAMES[field["enum"]]
        if required:
            return enum, f'WireEnum.parse({enum}.class, event.requireString("{key}"))'
        return f"Optional<{enum}>", f'WireEnum.parse({enum}.class, event.optionalString("{key}"))'
    if "enum" in field and field["enum"] == "Quality":
        return ("int", f'(int) event.requireDouble("{key}")') if required else ("OptionalInt", f'event.optionalInt("{key}")')
    if field["type"] == "array":
        return "List<String>", f'event.stringList("{key}")'
    if field["type"] == "object" and "object" not in field:
        return "Map<String, Object>", f'event.optionalObject("{key}").map(JsonObject::members).orElse(Map.of())'
    if "object" in field:
        kind, make = OBJECT_TYPES[field["object"]]
        if required:
            return kind, make.format(f'event.requireObject("{key}")')
        return f"Optional<{kind}>", f'event.optionalObject("{key}").map(value -> {make.format("value")})'
    simple = {"number": ("double", "OptionalDouble", "Double"), "integer": ("int", "OptionalInt", "Int"),
              "boolean": ("boolean", "Optional<Boolean>", "Boolean"), "string": ("String", "Optional<String>", "String"),
              "enum": ("String", "Optional<String>", "String")}
    plain, optional, suffix = simple[field["type"]]
    if required:
        if field["type"] == "integer":
            return plain, f'(int) event.requireDouble("{key}")'
        return plain, f'event.require{suffix}("{key}")'
    return optional, f'event.optional{suffix}("{key}")'


def event_record(event):
    name = EVENT_NAMES.get(event["type"], class_name(event["type"]))
    params = [f"{java_field(f)[0]} {camel(f['name'])}" for f in event["fields"]] + ["OptionalDouble t"]
    docs = [f" * @param {camel(f['name'])} {f['summary']}" for f in event["fields"]]
    head = [f"    /**", f"     * {sentence(event['summary'])}" + ("" if docs else " */")]
    if docs:
        head += ["     *"] + ["    " + d for d in docs] + ["     */"]
    else:
        head = [f"    /** {sentence(event['summary'])} */"]
    signature = f"    record {name}(" + ", ".join(params) + ") implements VitalsEvent {"
    return head + wrap_java(signature, "            ") + ["    }", ""]


def wrap_java(line, indent, width=120):
    """`line` broken after the commas between the outermost call's arguments, where it would pass `width`."""
    if len(line) <= width:
        return [line]
    parts, depth, start = [], 0, 0
    for index, char in enumerate(line):
        depth += char in "(<" and 1 or 0
        depth -= (char == ")" or (char == ">" and line[index - 1] != "-")) and 1 or 0
        if char == "," and depth == 1:
            parts.append(line[start:index + 1])
            start = index + 2
    parts.append(line[start:])
    out, current = [], ""
    if len(parts[0]) > width:
        opening = parts[0].index("(") + 1
        out, parts[0] = [parts[0][:opening]], indent + parts[0][opening:]
    for part in parts:
        piece = part if not current else current + " " + part
        if len(piece) > width and current:
            out.append(current)
            current = indent + part
        else:
            current = piece
    return out + [current]


def events_file(contract, mark):
    out = [f"// {mark}", "package com.neurofit.vitals;", "", "import java.util.Map;", "import java.util.Optional;",
           "import java.util.OptionalDouble;", "import java.util.OptionalInt;", "", "/**",
           " * A session event (docs/events.md): one record per JSON {@code type}, so a listener can switch over them:",
           " *", " * <pre>{@code",
           " * if (event instanceof VitalsEvent.Preview preview) { ... preview.heartRateBpm() ... }", " * }</pre>",
           " *", " * <p>Every event has {@link #t()}: the sample time, in seconds on the source's clock, of the latest "
           "frame the", " * session had consumed when it arose. A {@code type} this binding does not know, or an event "
           "lacking a key", " * its type needs, arrives as {@link Unknown} with the whole object.", " */",
           "public sealed interface VitalsEvent {",
           "    /** Sample time of the latest consumed frame, seconds on the source's clock; empty before the first "
           "frame. */", "    OptionalDouble t();", ""]
    for event in contract["events"]:
        out += event_record(event)
    out += ["    /**", "     * An event this binding does not know (a newer library), or one lacking a key its type needs.",
            "     *", "     * @param type the JSON {@code type}", "     * @param json the whole event, parsed",
            "     */", "    record Unknown(String type, Map<String, Object> json, OptionalDouble t) "
            "implements VitalsEvent {", "    }", "",
            "    /**", "     * The event of a JSON text from the library.", "     *",
            "     * @throws IllegalArgumentException when the text is not a JSON object", "     */",
            "    static VitalsEvent fromJson(String text) {", "        return EventParser.parse(text);", "    }", "}", ""]
    return "\n".join(out)


def parser_file(contract, mark):
    out = [f"// {mark}", "package com.neurofit.vitals;", "", "import java.util.OptionalDouble;", "",
           "/** Turns the library's event JSON into {@link VitalsEvent} records. Threads: any. */",
           "final class EventParser {", "    private EventParser() {", "    }", "", "    /**",
           "     * An event the library handed over with its kind ({@code nfv_event_kind}): the kind chooses the "
           "record (by the", "     * type the library names it), the JSON fills it; {@link VitalsEvent.Unknown} "
           "for a kind this binding does not know", "     * or an event lacking a key its type needs.", "     *",
           "     * @throws IllegalArgumentException when the text is not a JSON object", "     */",
           "    static VitalsEvent parse(int kind, String text) {",
           "        return parse(NativeApi.eventKindName(kind), JsonObject.parse(text));", "    }", "", "    /**",
           "     * The event of a JSON text without its kind (one a host stored): the record of its {@code type}, or",
           "     * {@link VitalsEvent.Unknown} as above.", "     *",
           "     * @throws IllegalArgumentException when the text is not a JSON object", "     */",
           "    static VitalsEvent parse(String text) {", "        JsonObject event = JsonObject.parse(text);",
           '        return parse(event.optionalString("type").orElse(""), event);', "    }", "",
           "    private static VitalsEvent parse(String type, JsonObject event) {",
           "        OptionalDouble t = OptionalDouble.empty();", "        try {",
           '            t = event.optionalDouble("t");', "            return of(type, event, t);",
           "        } catch (IllegalArgumentException missingOrMistyped) {",
           "            return new VitalsEvent.Unknown(type, event.members(), t);", "        }", "    }", "",
           "    private static VitalsEvent of(String type, JsonObject event, OptionalDouble t) {",
           "        return switch (type) {"]
    for event in contract["events"]:
        name = EVENT_NAMES.get(event["type"], class_name(event["type"]))
        if event["type"] == "state":
            out.append('            case "state" -> stateChanged(event, t);')
            continue
        args = [java_field(f)[1] for f in event["fields"]] + ["t"]
        out += wrap_java(f'            case "{event["type"]}" -> new VitalsEvent.{name}(' + ", ".join(args) + ");",
                         "                    ")
    out += ["            default -> new VitalsEvent.Unknown(type, event.members(), t);", "        };", "    }", ""]
    state = next(e for e in contract["events"] if e["type"] == "state")
    args = [java_field(f)[1] for f in state["fields"]] + ["t"]
    out += ["    /** A {@code state} event, or the object {@code nfv_session_state} returns. */",
            "    static VitalsEvent.StateChanged stateChanged(JsonObject event, OptionalDouble t) {"]
    out += wrap_java("        return new VitalsEvent.StateChanged(" + ", ".join(args) + ");", "                ")
    out += ["    }", "}", ""]
    return "\n".join(out)


def result_file(contract, mark):
    """VitalsResult: one component per key of the contract's Result object, and the JSON text."""
    fields = next(o for o in contract["objects"] if o["name"] == "Result")["fields"]
    params = [f"{java_field(f)[0]} {camel(f['name'])}" for f in fields] + ["String json"]
    out = [f"// {mark}", "package com.neurofit.vitals;", "", "import java.util.List;", "import java.util.Map;",
           "import java.util.Optional;", "import java.util.OptionalDouble;", "import java.util.OptionalInt;", "",
           "/**", " * A completed reading (docs/events.md, \"The result\"). Optional values are empty when withheld.",
           " *"]
    out += [f" * @param {camel(f['name'])} {f['summary']}" for f in fields]
    out += [" * @param json the whole result as the library's JSON text (store it to keep the reading)", " */"]
    out += wrap_java("public record VitalsResult(" + ", ".join(params) + ") {", "        ")
    out += ["", "    /**", "     * The result of its JSON text (a {@code completed} event's {@code result}, or a stored "
            "{@link #json()}).", "     *", "     * @throws VitalsException.InvalidArgument when the text is not a "
            "result object", "     */", "    public static VitalsResult fromJson(String json) {", "        try {",
            "            return of(JsonObject.parse(json));", "        } catch (IllegalArgumentException error) {",
            '            throw new VitalsException.InvalidArgument("Not a result: " + error.getMessage());',
            "        }", "    }", "", "    static VitalsResult of(JsonObject event) {"]
    args = [java_field(f)[1] for f in fields] + ["Json.write(event.members())"]
    out += wrap_java("        return new VitalsResult(" + ", ".join(args) + ");", "                ")
    out += ["    }", "}", ""]
    return "\n".join(out)


def change_file(contract, mark):
    """VitalsChange: one component per compared metric (the contract's metrics), and `compare`."""
    metrics = contract["metrics"]

    def threshold(metric):
        value = metric["comparisonThreshold"]
        unit = " " + metric["unit"] if "unit" in metric else ""
        return f"threshold {value:g}{unit}" if value is not None else "no threshold"
    params = [f"Optional<MetricChange> {m['key']}" for m in metrics]
    out = [f"// {mark}", "package com.neurofit.vitals;", "", "import java.util.Optional;", "", "/**",
           " * How two readings differ, before and after something the user did ({@link #compare}): per metric, the "
           "two values,", " * their difference and whether it is larger than two readings of a resting person "
           "typically differ. A metric", " * is empty when either reading lacks it.", " *"]
    out += [f" * @param {m['key']} {m['label']}: {threshold(m)}" for m in metrics] + [" */"]
    out += wrap_java("public record VitalsChange(" + ", ".join(params) + ") {", "        ")
    out += ["", "    /**", "     * One metric of a comparison.", "     *",
            "     * @param baseline               the value in the earlier reading",
            "     * @param followUp               the value in the later reading",
            "     * @param delta                  {@code followUp - baseline}",
            "     * @param beyondTypicalVariation {@code |delta|} above the metric's threshold; empty for a metric "
            "without one", "     */", "    public record MetricChange(double baseline, double followUp, double delta,",
            "                               Optional<Boolean> beyondTypicalVariation) {", "    }", "",
            "    /**", "     * Compares two readings with the library's {@code nfv_compare}.", "     *",
            "     * @throws VitalsException.InvalidArgument when a result's JSON is not a result object", "     */",
            "    public static VitalsChange compare(VitalsResult baseline, VitalsResult followUp) {",
            "        byte[] before = NativeApi.utf8(baseline.json());",
            "        byte[] after = NativeApi.utf8(followUp.json());",
            "        JsonObject change = JsonObject.parse(NativeApi.jsonOut(out -> NativeApi.nfv_compare(before, after, "
            "out)));"]
    out += wrap_java("        return new VitalsChange(" + ", ".join(f'metric(change, "{m["key"]}")' for m in metrics)
                     + ");", "                ")
    out += ["    }", "", "    private static Optional<MetricChange> metric(JsonObject change, String key) {",
            "        return change.optionalObject(key).map(entry -> new MetricChange(entry.requireDouble(\"baseline\"),",
            "                entry.requireDouble(\"followUp\"), entry.requireDouble(\"delta\"),",
            "                entry.optionalBoolean(\"beyondTypicalVariation\")));", "    }", "}", ""]
    return "\n".join(out)
