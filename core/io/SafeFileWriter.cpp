#include "io/SafeFileWriter.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace roofscope {

namespace {

constexpr int kMaxLinkHops = 40; // as the kernel's own limit on symbolic links in a path

std::string describeType(mode_t mode)
{
    if (S_ISDIR(mode)) {
        return "a folder";
    }
    if (S_ISCHR(mode)) {
        return "a character device";
    }
    if (S_ISBLK(mode)) {
        return "a block device";
    }
    if (S_ISFIFO(mode)) {
        return "a FIFO (named pipe)";
    }
    if (S_ISSOCK(mode)) {
        return "a socket";
    }
    return "not a regular file";
}

std::string folderOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    if (slash == std::string::npos) {
        return ".";
    }
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseNameOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The file a write lands on: `path` with its symbolic links followed (the last one may dangle:
// then its target is created). Empty with `error` set when the links loop or cannot be read.
std::string finalTarget(const std::string& path, std::string& error)
{
    std::string current = path;
    for (int hop = 0; hop <= kMaxLinkHops; ++hop) {
        struct stat st { };
        if (::lstat(current.c_str(), &st) != 0) {
            if (errno == ENOENT) {
                return current; // a new file
            }
            error = std::strerror(errno);
            return {};
        }
        if (!S_ISLNK(st.st_mode)) {
            return current;
        }
        std::string link(static_cast<std::size_t>(st.st_size > 0 ? st.st_size : 255) + 1, '\0');
        const ssize_t n = ::readlink(current.c_str(), link.data(), link.size());
        if (n < 0) {
            error = std::string("cannot read the symbolic link: ") + std::strerror(errno);
            return {};
        }
        if (static_cast<std::size_t>(n) >= link.size()) {
            error = "a symbolic link that changes while it is read";
            return {};
        }
        link.resize(static_cast<std::size_t>(n));
        current = !link.empty() && link.front() == '/' ? link : folderOf(current) + "/" + link;
    }
    error = "too many levels of symbolic links";
    return {};
}

struct Target {
    std::string path; // the final target
    std::optional<struct stat> existing; // its status when it exists
    std::string error;
};

Target inspect(const std::string& path, const std::vector<std::string>& inputs)
{
    Target t;
    if (path.empty()) {
        t.error = "cannot write a file without a name";
        return t;
    }
    std::string error;
    t.path = finalTarget(path, error);
    if (t.path.empty()) {
        t.error = "cannot write " + path + ": " + error;
        return t;
    }
    const std::string shown = t.path == path ? path : path + " (-> " + t.path + ")";
    struct stat st { };
    if (::stat(t.path.c_str(), &st) == 0) {
        if (!S_ISREG(st.st_mode)) {
            t.error = "cannot write " + shown + ": it is " + describeType(st.st_mode)
                + ", not a regular file; write to a file instead";
            return t;
        }
        t.existing = st;
        for (const auto& input : inputs) {
            struct stat in { };
            if (::stat(input.c_str(), &in) == 0 && in.st_dev == st.st_dev && in.st_ino == st.st_ino) {
                t.error = "cannot write " + shown + ": it is " + (input == path ? std::string("also") : input + ",")
                    + " an input of this command; write to another file";
                return t;
            }
        }
    } else if (errno != ENOENT) {
        t.error = "cannot write " + shown + ": " + std::strerror(errno);
        return t;
    }
    // The folder it goes in, so that a command writing two files finds out before it writes either.
    const std::string folder = folderOf(t.path);
    struct stat dir { };
    if (::stat(folder.c_str(), &dir) != 0) {
        t.error = "cannot write " + shown + ": "
            + (errno == ENOENT || errno == ENOTDIR ? "the folder " + folder + " does not exist"
                                                   : "cannot reach the folder " + folder + ": " + std::strerror(errno));
        return t;
    }
    if (!S_ISDIR(dir.st_mode)) {
        t.error = "cannot write " + shown + ": " + folder + " is not a folder";
        return t;
    }
    if (::access(folder.c_str(), W_OK | X_OK) != 0) {
        t.error = "cannot write " + shown + ": cannot create a file in " + folder + ": " + std::strerror(errno);
        return t;
    }
    return t;
}

// Writes all of `bytes` at `offset`; false with errno set on failure (a write of 0 bytes is ENOSPC).
bool writeAll(int fd, std::string_view bytes, off_t offset)
{
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::pwrite(fd, bytes.data() + done, bytes.size() - done, offset + static_cast<off_t>(done));
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return false;
        }
        if (n == 0) {
            errno = ENOSPC;
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

std::string reason(int error)
{
    if (error == EFBIG) {
        return std::string(std::strerror(error)) + " (the file size limit, ulimit -f)";
    }
    return std::strerror(error);
}

void syncFolder(const std::string& folder)
{
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd); // best effort: some file systems cannot sync a folder
        ::close(fd);
    }
}

// A file with several names: written in place so that every name keeps seeing it.
std::string writeInPlace(const Target& t, const std::string& shown, std::string_view bytes)
{
    const int fd = ::open(t.path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        return "cannot write " + shown + ": " + reason(errno);
    }
    auto fail = [&](const std::string& what, int error) {
        ::close(fd);
        return "cannot write " + shown + ": " + what + reason(error);
    };
    const auto oldSize = static_cast<std::size_t>(t.existing->st_size);
    std::string old(oldSize, '\0');
    std::size_t got = 0;
    while (got < oldSize) {
        const ssize_t n = ::pread(fd, old.data() + got, oldSize - got, static_cast<off_t>(got));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return fail("cannot read its old content to keep it safe: ", n < 0 ? errno : EIO);
        }
        got += static_cast<std::size_t>(n);
    }
    // Reserve the space first, so a full disk or a size limit stops the write before it starts.
    if (bytes.size() > oldSize) {
        if (::fallocate(fd, 0, 0, static_cast<off_t>(bytes.size())) != 0) {
            const int error = errno;
            if (error != EOPNOTSUPP) {
                return fail("", error);
            }
            struct statvfs fs { };
            if (::fstatvfs(fd, &fs) == 0
                && static_cast<unsigned long long>(fs.f_bavail) * fs.f_frsize < bytes.size() - oldSize) {
                return fail("", ENOSPC);
            }
        }
    }
    if (!writeAll(fd, bytes, 0) || ::ftruncate(fd, static_cast<off_t>(bytes.size())) != 0 || ::fsync(fd) != 0) {
        const int error = errno;
        // Put the old content back (its space is still allocated).
        const bool restored = writeAll(fd, old, 0) && ::ftruncate(fd, static_cast<off_t>(oldSize)) == 0;
        ::fsync(fd);
        ::close(fd);
        return "cannot write " + shown + ": " + reason(error)
            + (restored ? "; its old content is back" : "; its old content could not be put back either");
    }
    if (::close(fd) != 0) {
        return "cannot write " + shown + ": " + reason(errno);
    }
    return {};
}

} // namespace

SafeFileWriter::SafeFileWriter(std::string path)
    : m_path(std::move(path))
{
}

void SafeFileWriter::setInputs(std::vector<std::string> inputs)
{
    m_inputs = std::move(inputs);
}

std::string SafeFileWriter::check() const
{
    return inspect(m_path, m_inputs).error;
}

std::string SafeFileWriter::write(std::string_view bytes) const
{
    const Target t = inspect(m_path, m_inputs);
    if (!t.error.empty()) {
        return t.error;
    }
    const std::string shown = t.path == m_path ? m_path : m_path + " (-> " + t.path + ")";
    if (t.existing && t.existing->st_nlink > 1) {
        return writeInPlace(t, shown, bytes);
    }

    const std::string folder = folderOf(t.path);
    // A new name in the target's folder (the rename stays on one file system); 0644 less the umask.
    std::string temp;
    int fd = -1;
    const auto seed = static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count());
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        temp = folder + "/." + baseNameOf(t.path) + ".tmp-" + std::to_string(::getpid()) + "-"
            + std::to_string((seed + static_cast<unsigned long long>(attempt) * 7919ULL) % 1000000ULL);
        fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0 && errno != EEXIST) {
            const int error = errno;
            if (error == ENOENT || error == ENOTDIR) {
                return "cannot write " + shown + ": the folder " + folder + " does not exist";
            }
            return "cannot write " + shown + ": cannot create a file in " + folder + ": " + reason(error);
        }
    }
    if (fd < 0) {
        return "cannot write " + shown + ": cannot find a free temporary name in " + folder;
    }
    // Said only where there was a previous file; a new one is simply not created.
    const std::string kept = t.existing ? "; the previous file is untouched" : "";
    auto fail = [&](int error) {
        ::close(fd);
        ::unlink(temp.c_str());
        return "cannot write " + shown + ": " + reason(error) + kept;
    };
    if (t.existing) {
        // Keep the owner (where allowed) and the permission bits.
        if (::fchown(fd, t.existing->st_uid, t.existing->st_gid) != 0) {
            // Not our file's group or owner: it keeps ours, as any editor's save would.
        }
        if (::fchmod(fd, t.existing->st_mode & 07777) != 0) {
            return fail(errno);
        }
    }
    if (!writeAll(fd, bytes, 0)) {
        return fail(errno);
    }
    if (::fsync(fd) != 0) {
        return fail(errno);
    }
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        return "cannot write " + shown + ": " + reason(error) + kept;
    }
    if (std::rename(temp.c_str(), t.path.c_str()) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        return (t.existing ? "cannot replace " : "cannot write ") + shown + ": " + reason(error) + kept;
    }
    syncFolder(folder);
    return {};
}

std::string writeFileSafely(const std::string& path, std::string_view bytes, const std::vector<std::string>& inputs)
{
    SafeFileWriter writer(path);
    writer.setInputs(inputs);
    return writer.write(bytes);
}

} // namespace roofscope
