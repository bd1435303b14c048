#pragma once
// Every suite registers itself with the shared main of its layer's test executable (TestMain.cpp):
// end a suite file with ROOFSCOPE_TEST_MAIN(Class) (a QApplication), ROOFSCOPE_TEST_GUILESS_MAIN(Class)
// (a QCoreApplication) or ROOFSCOPE_TEST_APPLESS_MAIN(Class) (no application object), where a standalone
// Qt test would say QTEST_MAIN, QTEST_GUILESS_MAIN or QTEST_APPLESS_MAIN. The suite's name is its file
// name without extension: `tests_gui test_docks -v2` runs only that suite, with QTest's options after it.
// The names the macros define carry the class's name, so that several suites can share one translation
// unit (the unity build).

#include <QTest>

namespace roofscope::test {

using SuiteMain = int (*)(int argc, char** argv);

// Records the suite named after `file` (its base name without extension); returns true.
bool registerSuite(const char* file, SuiteMain main);

} // namespace roofscope::test

#define ROOFSCOPE_TEST_SUITE_MAIN_(TestObject, ...)                                                                    \
    namespace {                                                                                                        \
    int roofscopeSuiteMain_##TestObject(int argc, char** argv)                                                         \
    {                                                                                                                  \
        QTest::Internal::callInitMain<TestObject>();                                                                   \
        __VA_ARGS__                                                                                                    \
        TestObject tc;                                                                                                 \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&tc, argc, argv);                                                                          \
    }                                                                                                                  \
    [[maybe_unused]] const bool roofscopeSuiteRegistered_##TestObject                                                  \
        = roofscope::test::registerSuite(__FILE__, &roofscopeSuiteMain_##TestObject);                                  \
    }

#define ROOFSCOPE_TEST_MAIN(TestObject) ROOFSCOPE_TEST_SUITE_MAIN_(TestObject, QTEST_MAIN_SETUP())
#define ROOFSCOPE_TEST_GUILESS_MAIN(TestObject)                                                                        \
    ROOFSCOPE_TEST_SUITE_MAIN_(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
#define ROOFSCOPE_TEST_APPLESS_MAIN(TestObject) ROOFSCOPE_TEST_SUITE_MAIN_(TestObject)

// A suite with a main of its own (e.g. one that starts itself as a child process): `main` gets the
// arguments after the suite's name, with the executable's path as argv[0].
#define ROOFSCOPE_TEST_CUSTOM_MAIN(main)                                                                               \
    namespace {                                                                                                        \
    [[maybe_unused]] const bool roofscopeSuiteRegistered_##main = roofscope::test::registerSuite(__FILE__, &(main));   \
    }
