#pragma once

// The fuzz targets: one function per parser, plus one that evaluates and prints a session. Each
// returns 0 and must neither crash, hang, leak nor throw, whatever the bytes. The fuzz build
// (clang, libFuzzer, ASan + UBSan) makes each the LLVMFuzzerTestOneInput of its own executable;
// the normal build replays the stored corpora and every input that ever failed through them
// (test_fuzz_regressions).

#include <cstddef>
#include <cstdint>

namespace roofscope::fuzz {

int hardwareYaml(const std::uint8_t* data, std::size_t size);
int sessionYaml(const std::uint8_t* data, std::size_t size);
int ncuCsv(const std::uint8_t* data, std::size_t size);
// Up to three files split at 0x1E bytes: roofline.csv, pmc_perf.csv, sysinfo.csv (empty: absent),
// read from memory.
int rocprofCsv(const std::uint8_t* data, std::size_t size);
// An SQLite file (rocprof-compute's analysis database), written to a temporary file and read.
int rocprofDb(const std::uint8_t* data, std::size_t size);
int ertJson(const std::uint8_t* data, std::size_t size);
int jaxJson(const std::uint8_t* data, std::size_t size);
int xprofJson(const std::uint8_t* data, std::size_t size);
int plainCsv(const std::uint8_t* data, std::size_t size);
int advisorCsv(const std::uint8_t* data, std::size_t size);
// One quantity per line; the first byte of a line picks the dimension.
int units(const std::uint8_t* data, std::size_t size);
// A session evaluated on the shipped devices and printed in every format.
int sessionEvaluatePrint(const std::uint8_t* data, std::size_t size);

} // namespace roofscope::fuzz

// In the fuzz build, the libFuzzer entry point of one target's executable.
#ifdef ROOFSCOPE_FUZZ_ENTRY
#define ROOFSCOPE_FUZZ_TARGET(function)                                                                                \
    extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)                                  \
    {                                                                                                                  \
        return roofscope::fuzz::function(data, size);                                                                  \
    }
#else
#define ROOFSCOPE_FUZZ_TARGET(function)
#endif
