// SafeFileWriter: links followed, modes kept, special files and inputs refused, and a failed write
// (a file size limit in a child process) that leaves the previous file as it was.
#include "TestMain.h"
#include "io/SafeFileWriter.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace roofscope;

namespace {

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writePlain(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

mode_t modeOf(const std::string& path)
{
    struct stat st { };
    ::stat(path.c_str(), &st);
    return st.st_mode & 07777;
}

bool isSymlink(const std::string& path)
{
    struct stat st { };
    return ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

// Names in the folder other than the expected ones (a temporary file left behind).
QStringList entries(const QString& folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot | QDir::System);
}

} // namespace

class TestSafeWriter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void writesANewFileWithTheUmaskMode()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("new.yaml").toStdString();
        const mode_t mask = ::umask(022);
        const std::string error = writeFileSafely(path, "content\n");
        ::umask(mask);
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(readAll(path), std::string("content\n"));
        QCOMPARE(modeOf(path), mode_t(0644));
        QCOMPARE(entries(dir.path()), QStringList { "new.yaml" });
    }

    void replacesARegularFileAndKeepsItsMode_data()
    {
        QTest::addColumn<int>("mode");
        QTest::newRow("0600 stays 0600") << 0600;
        QTest::newRow("0640 stays 0640") << 0640;
        QTest::newRow("0755 stays 0755") << 0755;
    }

    void replacesARegularFileAndKeepsItsMode()
    {
        QFETCH(int, mode);
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.yaml").toStdString();
        writePlain(path, "old content that is longer\n");
        QCOMPARE(::chmod(path.c_str(), static_cast<mode_t>(mode)), 0);
        const std::string error = writeFileSafely(path, "new\n");
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(readAll(path), std::string("new\n"));
        QCOMPARE(modeOf(path), static_cast<mode_t>(mode));
        QCOMPARE(entries(dir.path()), QStringList { "s.yaml" });
    }

    void followsASymlinkAndWritesItsTarget()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("real"));
        const std::string target = dir.filePath("real/s.yaml").toStdString();
        const std::string link = dir.filePath("link.yaml").toStdString();
        writePlain(target, "old\n");
        QCOMPARE(::symlink("real/s.yaml", link.c_str()), 0); // relative to the link's folder
        const std::string error = writeFileSafely(link, "new\n");
        QVERIFY2(error.empty(), error.c_str());
        QVERIFY(isSymlink(link));
        QCOMPARE(readAll(target), std::string("new\n"));
        QCOMPARE(entries(dir.path()), (QStringList { "link.yaml", "real" }));
        QCOMPARE(entries(dir.filePath("real")), QStringList { "s.yaml" });
    }

    void followsAChainOfLinksAndADanglingOne()
    {
        QTemporaryDir dir;
        const std::string target = dir.filePath("target.yaml").toStdString();
        const std::string middle = dir.filePath("middle.yaml").toStdString();
        const std::string first = dir.filePath("first.yaml").toStdString();
        QCOMPARE(::symlink(target.c_str(), middle.c_str()), 0); // absolute, dangling
        QCOMPARE(::symlink("middle.yaml", first.c_str()), 0);
        const std::string error = writeFileSafely(first, "made\n");
        QVERIFY2(error.empty(), error.c_str());
        QVERIFY(isSymlink(first));
        QVERIFY(isSymlink(middle));
        QCOMPARE(readAll(target), std::string("made\n"));
    }

    void refusesALinkLoop()
    {
        QTemporaryDir dir;
        const std::string a = dir.filePath("a").toStdString();
        const std::string b = dir.filePath("b").toStdString();
        QCOMPARE(::symlink("b", a.c_str()), 0);
        QCOMPARE(::symlink("a", b.c_str()), 0);
        const std::string error = writeFileSafely(a, "x");
        QVERIFY2(error.find("symbolic links") != std::string::npos, error.c_str());
        QVERIFY(isSymlink(a));
    }

    // Hard links: the file is written in place, so every name sees the new content (a rename would
    // give the written name a new file and leave the other names on the old content).
    void keepsHardLinks()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.yaml").toStdString();
        const std::string other = dir.filePath("other-name.yaml").toStdString();
        writePlain(path, "old content, longer than the new one\n");
        QCOMPARE(::chmod(path.c_str(), 0600), 0);
        QCOMPARE(::link(path.c_str(), other.c_str()), 0);
        struct stat before { };
        QCOMPARE(::stat(path.c_str(), &before), 0);
        const std::string error = writeFileSafely(path, "new\n");
        QVERIFY2(error.empty(), error.c_str());
        struct stat after { };
        QCOMPARE(::stat(path.c_str(), &after), 0);
        QCOMPARE(after.st_ino, before.st_ino);
        QCOMPARE(after.st_nlink, nlink_t(2));
        QCOMPARE(readAll(other), std::string("new\n"));
        QCOMPARE(readAll(path), std::string("new\n"));
        QCOMPARE(modeOf(path), mode_t(0600));
        QCOMPARE(entries(dir.path()), (QStringList { "other-name.yaml", "s.yaml" }));
    }

    void refusesWhatIsNotARegularFile_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("a character device like /dev/null") << "char-device";
        QTest::newRow("a FIFO") << "fifo";
        QTest::newRow("a link to a FIFO") << "link-to-fifo";
        QTest::newRow("a folder") << "folder";
    }

    void refusesWhatIsNotARegularFile()
    {
        QFETCH(QString, kind);
        QTemporaryDir dir;
        std::string path;
        std::string expected;
        if (kind == "char-device") {
            // /dev/null itself only through check(), which writes nothing; write() gets a node of
            // the same kind in the temporary folder, so a writer that failed to refuse it would
            // replace that node, never the system's /dev/null.
            QVERIFY(SafeFileWriter("/dev/null").check().find("character device") != std::string::npos);
            path = dir.filePath("null").toStdString();
            if (::mknod(path.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
                QSKIP("creating a device node needs root");
            }
            expected = "character device";
        } else if (kind == "fifo" || kind == "link-to-fifo") {
            path = dir.filePath("pipe").toStdString();
            QCOMPARE(::mkfifo(path.c_str(), 0644), 0);
            expected = "FIFO";
            if (kind == "link-to-fifo") {
                const std::string link = dir.filePath("link").toStdString();
                QCOMPARE(::symlink("pipe", link.c_str()), 0);
                path = link;
            }
        } else {
            path = dir.filePath("sub").toStdString();
            QVERIFY(QDir(dir.path()).mkdir("sub"));
            expected = "folder";
        }
        struct stat before { };
        QCOMPARE(::stat(path.c_str(), &before), 0);
        SafeFileWriter writer(path);
        QVERIFY(!writer.check().empty());
        const std::string error = writer.write("data\n"); // a FIFO without a reader would block
        QVERIFY2(error.find(expected) != std::string::npos, error.c_str());
        QVERIFY2(error.find(path) != std::string::npos, error.c_str());
        struct stat after { };
        QCOMPARE(::stat(path.c_str(), &after), 0);
        QCOMPARE(after.st_mode, before.st_mode);
        QCOMPARE(after.st_ino, before.st_ino);
        QCOMPARE(after.st_rdev, before.st_rdev);
    }

    void refusesToOverwriteAnInput_data()
    {
        QTest::addColumn<QString>("how");
        QTest::newRow("the same name") << "same";
        QTest::newRow("another spelling of the path") << "dot";
        QTest::newRow("a symlink to the input") << "symlink";
        QTest::newRow("a hard link to the input") << "hardlink";
    }

    void refusesToOverwriteAnInput()
    {
        QFETCH(QString, how);
        QTemporaryDir dir;
        const std::string input = dir.filePath("a.csv").toStdString();
        writePlain(input, "name,flops,bytes\nk,1,1\n");
        std::string output = input;
        if (how == "dot") {
            output = dir.filePath("./a.csv").toStdString();
        } else if (how == "symlink") {
            output = dir.filePath("out.yaml").toStdString();
            QCOMPARE(::symlink("a.csv", output.c_str()), 0);
        } else if (how == "hardlink") {
            output = dir.filePath("out.yaml").toStdString();
            QCOMPARE(::link(input.c_str(), output.c_str()), 0);
        }
        const std::string error
            = writeFileSafely(output, "schema: x\n", { dir.filePath("other.csv").toStdString(), input });
        QVERIFY2(error.find("input") != std::string::npos, error.c_str());
        QCOMPARE(readAll(input), std::string("name,flops,bytes\nk,1,1\n"));
    }

    void namesAMissingFolder()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("no/such/folder/s.yaml").toStdString();
        const std::string error = writeFileSafely(path, "x\n");
        QVERIFY2(error.find("does not exist") != std::string::npos, error.c_str());
        QVERIFY2(error.find(path) != std::string::npos, error.c_str());
    }

    // A write that fails halfway (the file size limit, as a full disk would) keeps the old file:
    // in a child process, with SIGXFSZ ignored so the write fails with EFBIG instead.
    void aFailedWriteKeepsThePreviousFile_data()
    {
        QTest::addColumn<bool>("hardLinked");
        QTest::newRow("a plain file: the temporary file fails") << false;
        QTest::newRow("a hard-linked file: the reservation fails") << true;
    }

    void aFailedWriteKeepsThePreviousFile()
    {
        QFETCH(bool, hardLinked);
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.yaml").toStdString();
        const std::string old = "the previous session\n";
        writePlain(path, old);
        if (hardLinked) {
            QCOMPARE(::link(path.c_str(), dir.filePath("twin.yaml").toStdString().c_str()), 0);
        }
        const std::string big(64 * 1024, 'x');
        int pipeFds[2];
        QCOMPARE(::pipe(pipeFds), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::close(pipeFds[0]);
            std::signal(SIGXFSZ, SIG_IGN);
            const struct rlimit limit {
                4096, 4096
            };
            ::setrlimit(RLIMIT_FSIZE, &limit);
            const std::string error = writeFileSafely(path, big);
            const ssize_t ignored = ::write(pipeFds[1], error.data(), error.size());
            (void)ignored;
            ::_exit(error.empty() ? 0 : 3);
        }
        ::close(pipeFds[1]);
        std::string error;
        char buffer[512];
        for (ssize_t n; (n = ::read(pipeFds[0], buffer, sizeof buffer)) > 0;) {
            error.append(buffer, static_cast<std::size_t>(n));
        }
        ::close(pipeFds[0]);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 3);
        QVERIFY2(error.find(path) != std::string::npos, error.c_str());
        QVERIFY2(error.find("too large") != std::string::npos || error.find("size limit") != std::string::npos,
            error.c_str());
        QCOMPARE(readAll(path), old);
        const QStringList expected = hardLinked ? QStringList { "s.yaml", "twin.yaml" } : QStringList { "s.yaml" };
        QCOMPARE(entries(dir.path()), expected);
    }
};

ROOFSCOPE_TEST_GUILESS_MAIN(TestSafeWriter)
#include "test_safe_writer.moc"
