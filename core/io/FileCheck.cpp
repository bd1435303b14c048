#include "io/FileCheck.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace roofscope {

std::string systemReason(int errorNumber)
{
    return std::strerror(errorNumber);
}

std::string regularFileProblem(const std::string& path)
{
    if (path.empty()) {
        return "is an empty file name";
    }
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0) {
        const int error = errno;
        return error == ENOENT ? std::string("no such file") : "cannot be read: " + systemReason(error);
    }
    if (S_ISDIR(st.st_mode)) {
        return "is a folder, not a file";
    }
    if (S_ISFIFO(st.st_mode)) {
        return "is a FIFO (named pipe), not a regular file";
    }
    if (S_ISCHR(st.st_mode)) {
        return "is a character device, not a regular file";
    }
    if (S_ISBLK(st.st_mode)) {
        return "is a block device, not a regular file";
    }
    if (S_ISSOCK(st.st_mode)) {
        return "is a socket, not a regular file";
    }
    if (!S_ISREG(st.st_mode)) {
        return "is not a regular file";
    }
    // Opened without blocking (it is a regular file now, but the name could change under us).
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        return "cannot be read: " + systemReason(errno);
    }
    struct stat opened { };
    const bool regular = ::fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode);
    ::close(fd);
    return regular ? std::string() : std::string("is not a regular file");
}

} // namespace roofscope
