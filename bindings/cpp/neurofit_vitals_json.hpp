// neurofit_vitals_json.hpp — the small JSON reader the C++ wrapper's typed events and results are read with.
//
// Header-only C++17, no dependency. It reads what the library writes (RFC 8259 JSON: objects, arrays, strings with
// escapes, numbers, true, false, null) into nfv::json::Value, and refuses anything else with std::invalid_argument.
// Nesting is limited to 64 levels, so a hostile text cannot exhaust the stack. A program that already has a JSON
// library can keep using it on the event's `json` text; this reader exists so that the wrapper needs none.
#ifndef NEUROFIT_VITALS_JSON_HPP
#define NEUROFIT_VITALS_JSON_HPP

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <string_view>
#include <utility>
#include <vector>

namespace nfv {
namespace json {

/// One JSON value. Object members keep the order of the text. Threads: a Value is safe to read from many threads.
class Value {
public:
    /// The JSON types.
    enum class Type { Null, Boolean, Number, String, Array, Object };

    /// `null`.
    Value() = default;

    /// The value of a JSON text (surrounding white space allowed). Throws std::invalid_argument, naming the byte
    /// offset, for anything that is not exactly one JSON value.
    static Value parse(std::string_view text);

    /// Its JSON type.
    Type type() const noexcept { return type_; }
    bool is_null() const noexcept { return type_ == Type::Null; }
    bool is_bool() const noexcept { return type_ == Type::Boolean; }
    bool is_number() const noexcept { return type_ == Type::Number; }
    bool is_string() const noexcept { return type_ == Type::String; }
    bool is_array() const noexcept { return type_ == Type::Array; }
    bool is_object() const noexcept { return type_ == Type::Object; }

    /// The boolean; throws std::invalid_argument for another type (as do the other accessors).
    bool as_bool() const { return expect(Type::Boolean, "a boolean"), boolean_; }
    /// The number.
    double as_number() const { return expect(Type::Number, "a number"), number_; }
    /// The string, UTF-8.
    const std::string &as_string() const { return expect(Type::String, "a string"), text_; }
    /// The elements of an array.
    const std::vector<Value> &as_array() const { return expect(Type::Array, "an array"), items_; }
    /// The keys of an object, in the text's order; `member(i)` is the value of `keys()[i]`.
    const std::vector<std::string> &keys() const { return expect(Type::Object, "an object"), keys_; }
    /// The value of the object's `i`th key.
    const Value &member(std::size_t i) const { return expect(Type::Object, "an object"), items_.at(i); }

    /// The value of `key` in an object, or nullptr when the object lacks it (or this is not an object).
    const Value *find(std::string_view key) const noexcept {
        if (type_ != Type::Object) return nullptr;
        for (std::size_t i = 0; i < keys_.size(); i++) {
            if (keys_[i] == key) return &items_[i];
        }
        return nullptr;
    }

    /// The exact text this value was read from (an object's or array's whole text, brackets included), copied
    /// on each call: values share their document's text and keep only where they sit in it. `null` for a Value
    /// that was not read from a text.
    std::string source() const { return document_ ? document_->substr(begin_, end_ - begin_) : "null"; }

private:
    friend class Reader;

    void expect(Type type, const char *what) const {
        if (type_ != type) throw std::invalid_argument(std::string("JSON value is not ") + what);
    }

    Type type_ = Type::Null;
    bool boolean_ = false;
    double number_ = 0;
    std::string text_;
    std::vector<std::string> keys_;
    std::vector<Value> items_;
    std::shared_ptr<const std::string> document_;
    std::size_t begin_ = 0;
    std::size_t end_ = 0;
};

/// Reads one JSON text (used by Value::parse).
class Reader {
public:
    explicit Reader(std::string_view text) : document_(std::make_shared<const std::string>(text)), text_(*document_) {}

    Value document() {
        Value value = read(0);
        skip_space();
        if (at_ < text_.size()) fail("text after the JSON value");
        return value;
    }

private:
    static constexpr int max_depth = 64;

    [[noreturn]] void fail(const char *what) const {
        throw std::invalid_argument("invalid JSON at byte " + std::to_string(at_) + ": " + what);
    }

    void skip_space() {
        while (at_ < text_.size() &&
               (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) {
            at_++;
        }
    }

    char peek() {
        skip_space();
        if (at_ >= text_.size()) fail("unexpected end");
        return text_[at_];
    }

    void literal(std::string_view word) {
        if (text_.substr(at_, word.size()) != word) fail("unknown literal");
        at_ += word.size();
    }

    Value read(int depth) {
        if (depth > max_depth) fail("nested deeper than 64 levels");
        const char first = peek();
        const std::size_t begin = at_;
        Value value;
        switch (first) {
            case '{': read_object(value, depth); break;
            case '[': read_array(value, depth); break;
            case '"': value.type_ = Value::Type::String, value.text_ = read_string(); break;
            case 't': literal("true"), value.type_ = Value::Type::Boolean, value.boolean_ = true; break;
            case 'f': literal("false"), value.type_ = Value::Type::Boolean; break;
            case 'n': literal("null"); break;
            default: value.type_ = Value::Type::Number, value.number_ = read_number(); break;
        }
        value.document_ = document_;
        value.begin_ = begin;
        value.end_ = at_;
        return value;
    }

    void read_object(Value &value, int depth) {
        value.type_ = Value::Type::Object;
        at_++;
        if (peek() == '}') {
            at_++;
            return;
        }
        while (true) {
            if (peek() != '"') fail("expected a key");
            value.keys_.push_back(read_string());
            if (peek() != ':') fail("expected ':'");
            at_++;
            value.items_.push_back(read(depth + 1));
            const char next = peek();
            at_++;
            if (next == '}') return;
            if (next != ',') fail("expected ',' or '}'");
        }
    }

    void read_array(Value &value, int depth) {
        value.type_ = Value::Type::Array;
        at_++;
        if (peek() == ']') {
            at_++;
            return;
        }
        while (true) {
            value.items_.push_back(read(depth + 1));
            const char next = peek();
            at_++;
            if (next == ']') return;
            if (next != ',') fail("expected ',' or ']'");
        }
    }

    double read_number() {
        const std::size_t begin = at_;
        auto digits = [&] {
            const std::size_t start = at_;
            while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') at_++;
            if (at_ == start) fail("expected a digit");
        };
        if (text_[at_] == '-') at_++;
        if (at_ < text_.size() && text_[at_] == '0') {
            at_++;
        } else {
            digits();
        }
        if (at_ < text_.size() && text_[at_] == '.') at_++, digits();
        if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
            at_++;
            if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) at_++;
            digits();
        }
        // from_chars reads JSON's '.' whatever the program's locale says a decimal point is.
        double number = 0;
        const auto read = std::from_chars(text_.data() + begin, text_.data() + at_, number);
        if (read.ec == std::errc::result_out_of_range) fail("number out of range");
        if (read.ec != std::errc() || read.ptr != text_.data() + at_) fail("bad number");
        return number;
    }

    unsigned hex4() {
        if (at_ + 4 > text_.size()) fail("short \\u escape");
        unsigned code = 0;
        for (int i = 0; i < 4; i++) {
            const char c = text_[at_++];
            code <<= 4;
            if (c >= '0' && c <= '9') code |= static_cast<unsigned>(c - '0');
            else if (c >= 'a' && c <= 'f') code |= static_cast<unsigned>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') code |= static_cast<unsigned>(c - 'A' + 10);
            else fail("bad \\u escape");
        }
        return code;
    }

    static void append_utf8(std::string &out, unsigned code) {
        if (code < 0x80) {
            out += static_cast<char>(code);
        } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
        } else if (code < 0x10000) {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (code >> 18));
            out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
        }
    }

    unsigned escaped_code_point() {
        unsigned code = hex4();
        if (code >= 0xD800 && code < 0xDC00) {
            if (text_.substr(at_, 2) != "\\u") fail("lone surrogate");
            at_ += 2;
            const unsigned low = hex4();
            if (low < 0xDC00 || low >= 0xE000) fail("bad surrogate pair");
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        } else if (code >= 0xDC00 && code < 0xE000) {
            fail("lone surrogate");
        }
        return code;
    }

    std::string read_string() {
        at_++;
        std::string out;
        while (true) {
            if (at_ >= text_.size()) fail("unterminated string");
            const char c = text_[at_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (at_ >= text_.size()) fail("unterminated escape");
            switch (text_[at_++]) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': append_utf8(out, escaped_code_point()); break;
                default: fail("unknown escape");
            }
        }
    }

    std::shared_ptr<const std::string> document_;  // owned by every Value read from it
    std::string_view text_;                         // the document, read through
    std::size_t at_ = 0;
};

inline Value Value::parse(std::string_view text) { return Reader(text).document(); }

}  // namespace json
}  // namespace nfv

#endif  // NEUROFIT_VITALS_JSON_HPP
