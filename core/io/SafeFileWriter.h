#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// The one way Roofscope writes a file (sessions, device files, imports, table and chart exports,
// autosave). write() gives the file its whole new content or leaves it as it was:
// - a symbolic link is followed and its final target written (the link stays a link);
// - an existing target that is not a regular file (a folder, a device such as /dev/null, a FIFO, a
//   socket) is refused;
// - the target must not be one of the command's inputs (same device and inode, whatever the name);
// - the bytes go to a temporary file in the target's folder, every write checked (short writes,
//   a full disk, a file size limit), flushed to disk, then renamed over the target, so a failure
//   never leaves a partial, empty or missing file; the folder is flushed too;
// - the file keeps its permission bits (and its owner where the system allows); a new file gets
//   0644 less the umask;
// - a file with several hard links is written in place instead, so every name sees the new content
//   (as `cp` onto it or an editor's save would): the space is reserved first, and on a failure the
//   old content is put back.
// Errors are one line, "cannot write PATH: reason". Never throws.
class SafeFileWriter {
public:
    explicit SafeFileWriter(std::string path);

    // Files the command reads: the target may not be any of them.
    void setInputs(std::vector<std::string> inputs);

    // The checks that need no writing (links, file type, inputs); empty when the path can be written.
    // write() makes them again.
    std::string check() const;

    // Writes `bytes` as the file's whole content; returns an error message, empty on success.
    std::string write(std::string_view bytes) const;

private:
    std::string m_path;
    std::vector<std::string> m_inputs;
};

// SafeFileWriter in one call.
std::string writeFileSafely(
    const std::string& path, std::string_view bytes, const std::vector<std::string>& inputs = {});

} // namespace roofscope
