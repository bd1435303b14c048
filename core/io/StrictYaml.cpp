#include "io/StrictYaml.h"

#include "io/FileCheck.h"
#include "model/Text.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

namespace roofscope {

namespace {

struct StrictError {
    YAML::Mark mark;
    std::string message;
};

// Walks the parser's events before any node is built, so hostile input is refused cheaply.
class StrictHandler : public YAML::EventHandler {
public:
    explicit StrictHandler(const YamlLimits& limits)
        : m_limits(limits)
    {
    }

    void OnDocumentStart(const YAML::Mark& mark) override
    {
        if (++m_documents > 1) {
            throw StrictError { mark, "more than one YAML document in the file" };
        }
    }
    void OnDocumentEnd() override { }
    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { value(mark, anchor, "~"); }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t /*anchor*/) override
    {
        throw StrictError { mark, "YAML aliases (*name) are not allowed in Roofscope files" };
    }
    void OnScalar(
        const YAML::Mark& mark, const std::string& /*tag*/, YAML::anchor_t anchor, const std::string& text) override
    {
        value(mark, anchor, text);
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string& /*tag*/, YAML::anchor_t anchor,
        YAML::EmitterStyle::value /*style*/) override
    {
        open(mark, anchor, false);
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark& mark, const std::string& /*tag*/, YAML::anchor_t anchor,
        YAML::EmitterStyle::value /*style*/) override
    {
        open(mark, anchor, true);
    }
    void OnMapEnd() override { close(); }

private:
    struct Frame {
        bool isMap = false;
        bool expectKey = true;
        std::set<std::string> keys;
    };

    void count(const YAML::Mark& mark, YAML::anchor_t anchor)
    {
        if (anchor != YAML::NullAnchor) {
            throw StrictError { mark, "YAML anchors (&name) are not allowed in Roofscope files" };
        }
        if (++m_nodes > m_limits.maxNodes) {
            throw StrictError { mark, "too many YAML nodes (more than " + std::to_string(m_limits.maxNodes) + ")" };
        }
    }

    // Called for every node: scalars are checked as keys when they stand in a key position.
    void beforeNode(const YAML::Mark& mark, const std::string* scalar)
    {
        if (m_stack.empty() || !m_stack.back().isMap) {
            return;
        }
        Frame& frame = m_stack.back();
        if (frame.expectKey) {
            if (!scalar) {
                throw StrictError { mark, "complex mapping keys are not allowed" };
            }
            if (!frame.keys.insert(*scalar).second) {
                throw StrictError { mark, "duplicate key '" + *scalar + "'" };
            }
        }
        frame.expectKey = !frame.expectKey;
    }

    void value(const YAML::Mark& mark, YAML::anchor_t anchor, const std::string& text)
    {
        count(mark, anchor);
        beforeNode(mark, &text);
    }

    void open(const YAML::Mark& mark, YAML::anchor_t anchor, bool isMap)
    {
        count(mark, anchor);
        beforeNode(mark, nullptr);
        if (static_cast<int>(m_stack.size()) >= m_limits.maxDepth) {
            throw StrictError { mark, "nesting deeper than " + std::to_string(m_limits.maxDepth) + " levels" };
        }
        m_stack.push_back(Frame { isMap, true, {} });
    }

    void close()
    {
        if (!m_stack.empty()) {
            m_stack.pop_back();
        }
    }

    const YamlLimits& m_limits;
    std::vector<Frame> m_stack;
    std::size_t m_nodes = 0;
    int m_documents = 0;
};

Diagnostic at(const std::string& file, const YAML::Mark& mark, const std::string& message)
{
    Diagnostic d;
    d.file = file;
    d.line = mark.line >= 0 ? mark.line + 1 : 0;
    d.column = mark.column >= 0 ? mark.column + 1 : 0;
    d.message = message;
    return d;
}

} // namespace

std::optional<YAML::Node> loadStrictYamlText(
    const std::string& text, const std::string& fileLabel, Diagnostics& diagnostics, const YamlLimits& limits)
{
    if (text.size() > limits.maxBytes) {
        diagnostics.push_back(at(fileLabel, YAML::Mark::null_mark(),
            "file is too large (" + std::to_string(text.size()) + " bytes; the limit is "
                + std::to_string(limits.maxBytes) + ")"));
        return std::nullopt;
    }
    if (text.find('\0') != std::string::npos) {
        diagnostics.push_back(at(fileLabel, YAML::Mark::null_mark(), "file contains NUL bytes; it is not a text file"));
        return std::nullopt;
    }
    if (!checkUtf8(text, fileLabel, diagnostics)) {
        return std::nullopt;
    }
    try {
        if (limits.strict) {
            std::istringstream stream(text);
            YAML::Parser parser(stream);
            StrictHandler handler(limits);
            while (parser.HandleNextDocument(handler)) { }
        }
        YAML::Node root = YAML::Load(text);
        return root;
    } catch (const StrictError& e) {
        diagnostics.push_back(at(fileLabel, e.mark, e.message));
    } catch (const YAML::DeepRecursion& e) {
        // yaml-cpp's own message ("bad file") hides what happened.
        diagnostics.push_back(at(fileLabel, e.mark, "nesting is too deep"));
    } catch (const YAML::Exception& e) {
        diagnostics.push_back(at(fileLabel, e.mark, "YAML syntax error: " + e.msg));
    } catch (const std::exception& e) {
        diagnostics.push_back(at(fileLabel, YAML::Mark::null_mark(), std::string("cannot read YAML: ") + e.what()));
    }
    return std::nullopt;
}

std::optional<YAML::Node> loadStrictYamlFile(
    const std::string& path, Diagnostics& diagnostics, const YamlLimits& limits)
{
    // A FIFO or a device is named, never opened (a FIFO would block the read forever).
    if (const std::string problem = regularFileProblem(path); !problem.empty()) {
        diagnostics.push_back(at(path, YAML::Mark::null_mark(),
            problem == "no such file" ? "cannot open file: " + systemReason(ENOENT) : problem));
        return std::nullopt;
    }
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
        diagnostics.push_back(at(path, YAML::Mark::null_mark(), "cannot open file: " + ec.message()));
        return std::nullopt;
    }
    if (size > limits.maxBytes) {
        diagnostics.push_back(at(path, YAML::Mark::null_mark(),
            "file is too large (" + std::to_string(size) + " bytes; the limit is " + std::to_string(limits.maxBytes)
                + ")"));
        return std::nullopt;
    }
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        const int error = errno;
        diagnostics.push_back(
            at(path, YAML::Mark::null_mark(), "cannot open file" + (error ? ": " + systemReason(error) : "")));
        return std::nullopt;
    }
    std::ostringstream content;
    content << in.rdbuf();
    return loadStrictYamlText(content.str(), path, diagnostics, limits);
}

std::vector<std::string> yamlFilesIn(const std::string& folder)
{
    namespace fs = std::filesystem;
    std::vector<std::string> files;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".yaml" && it->is_regular_file(ec)) {
            files.push_back(it->path().string());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace roofscope
