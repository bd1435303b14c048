#include "io/JsonText.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <unordered_set>
#include <vector>

namespace roofscope {

namespace {

// A character iterator that records how far the parser has read, so that a key given twice can be
// placed (nlohmann's SAX events carry no position).
class TrackedIterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    TrackedIterator() = default;
    TrackedIterator(const char* at, const char** furthest)
        : m_at(at)
        , m_furthest(furthest)
    {
    }
    reference operator*() const { return *m_at; }
    TrackedIterator& operator++()
    {
        ++m_at;
        if (m_furthest && m_at > *m_furthest) {
            *m_furthest = m_at;
        }
        return *this;
    }
    TrackedIterator operator++(int)
    {
        TrackedIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const TrackedIterator& other) const { return m_at == other.m_at; }
    bool operator!=(const TrackedIterator& other) const { return m_at != other.m_at; }

private:
    const char* m_at = nullptr;
    const char** m_furthest = nullptr;
};

void placeAt(std::string_view text, std::size_t offset, JsonTextError& error)
{
    offset = std::min(offset, text.size());
    error.line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++error.line;
            lineStart = i + 1;
        }
    }
    error.column = static_cast<int>(offset - lineStart) + 1;
}

bool startsWithNonFinite(std::string_view rest)
{
    for (std::string_view word : { "NaN", "Infinity", "-Infinity", "nan", "inf", "-inf", "-nan" }) {
        if (rest.substr(0, word.size()) == word) {
            return true;
        }
    }
    return false;
}

// nlohmann's ordered_map (a vector of pairs that searches it on each insertion) has a Container type.
template <class T, class = void> struct IsOrderedMap : std::false_type {
};
template <class T> struct IsOrderedMap<T, std::void_t<typename T::Container>> : std::true_type {
};

bool isWordCharacter(std::string_view text, std::size_t i)
{
    const char c = i < text.size() ? text[i] : ' ';
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.' || c == '_';
}

template <class Json> class Builder : public nlohmann::json_sax<Json> {
public:
    using number_integer_t = typename Json::number_integer_t;
    using number_unsigned_t = typename Json::number_unsigned_t;
    using number_float_t = typename Json::number_float_t;
    using string_t = typename Json::string_t;
    using binary_t = typename Json::binary_t;

    Builder(std::string_view text, const char** furthest, JsonTextError& error)
        : m_text(text)
        , m_furthest(furthest)
        , m_error(error)
    {
    }

    Json& root() { return m_root; }

    bool null() override { return add(Json(nullptr)); }
    bool boolean(bool value) override { return add(Json(value)); }
    bool number_integer(number_integer_t value) override { return add(Json(value)); }
    bool number_unsigned(number_unsigned_t value) override { return add(Json(value)); }
    bool number_float(number_float_t value, const string_t&) override { return add(Json(value)); }
    bool string(string_t& value) override { return add(Json(std::move(value))); }
    bool binary(binary_t& value) override { return add(Json(std::move(value))); }

    bool start_object(std::size_t) override
    {
        Json* made = add(Json(nlohmann::detail::value_t::object));
        if (!made) {
            return false;
        }
        m_stack.push_back({ made, {} });
        return true;
    }
    bool key(string_t& value) override
    {
        Frame& frame = m_stack.back();
        if (!frame.keys.insert(value).second) {
            // The parser has just read the key's closing quote: its opening quote is the last one
            // before it that is not escaped.
            std::size_t end = static_cast<std::size_t>(*m_furthest - m_text.data());
            std::size_t open = end >= 2 ? end - 2 : 0;
            while (open > 0 && !(m_text[open] == '"' && m_text[open - 1] != '\\')) {
                --open;
            }
            placeAt(m_text, open, m_error);
            m_error.message = "key '" + value.substr(0, 80)
                + "' is given twice in one object (a JSON reader would keep either value silently)";
            m_failed = true;
            return false;
        }
        m_key = std::move(value);
        return true;
    }
    bool end_object() override
    {
        m_stack.pop_back();
        return true;
    }
    bool start_array(std::size_t) override
    {
        Json* made = add(Json(nlohmann::detail::value_t::array));
        if (!made) {
            return false;
        }
        m_stack.push_back({ made, {} });
        return true;
    }
    bool end_array() override
    {
        m_stack.pop_back();
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override
    {
        // `position` counts the characters read: the last one read is where the parser stopped, and the
        // error is at the start of the word it ends (a number, a literal such as NaN or -Infinity).
        const std::size_t end = std::min(position > 0 ? position - 1 : 0, m_text.empty() ? 0 : m_text.size() - 1);
        std::size_t start = end;
        while (start > 0 && isWordCharacter(m_text, end) && isWordCharacter(m_text, start - 1)) {
            --start;
        }
        placeAt(m_text, start, m_error);
        std::string message = ex.what();
        if (const auto colon = message.find(": ", message.find("parse error")); colon != std::string::npos) {
            message = message.substr(colon + 2);
        }
        m_error.message = message;
        m_error.atNonFiniteNumber = start < m_text.size() && startsWithNonFinite(m_text.substr(start));
        m_failed = true;
        return false;
    }

    bool failed() const { return m_failed; }

private:
    struct Frame {
        Json* container;
        std::unordered_set<std::string> keys;
    };

    // Adds `value` where the parser is: the root, the end of the current array, or the current
    // object under the last key. Returns where it was put.
    Json* add(Json&& value)
    {
        if (m_stack.empty()) {
            m_root = std::move(value);
            return &m_root;
        }
        Json& container = *m_stack.back().container;
        if (container.is_array()) {
            container.push_back(std::move(value));
            return &container.back();
        }
        auto& object = container.template get_ref<typename Json::object_t&>();
        if constexpr (IsOrderedMap<typename Json::object_t>::value) {
            // The key is known to be new: appended without ordered_map's search of the earlier keys.
            using Base = typename Json::object_t::Container;
            Base& items = object;
            items.emplace_back(std::move(m_key), std::move(value));
            return &items.back().second;
        } else {
            return &object.emplace(std::move(m_key), std::move(value)).first->second;
        }
    }

    std::string_view m_text;
    const char** m_furthest;
    JsonTextError& m_error;
    Json m_root;
    std::vector<Frame> m_stack;
    string_t m_key;
    bool m_failed = false;
};

template <class Json> std::optional<Json> parse(std::string_view text, JsonTextError& error)
{
    const char* furthest = text.data();
    Builder<Json> builder(text, &furthest, error);
    const TrackedIterator first(text.data(), &furthest);
    const TrackedIterator last(text.data() + text.size(), nullptr);
    const bool ok = Json::sax_parse(first, last, &builder);
    if (!ok || builder.failed()) {
        if (error.message.empty()) {
            error.message = "not valid JSON";
        }
        return std::nullopt;
    }
    return std::move(builder.root());
}

} // namespace

std::optional<nlohmann::ordered_json> parseJsonText(std::string_view text, JsonTextError& error)
{
    return parse<nlohmann::ordered_json>(text, error);
}

std::optional<nlohmann::json> parseJsonTextUnordered(std::string_view text, JsonTextError& error)
{
    return parse<nlohmann::json>(text, error);
}

} // namespace roofscope
