#pragma once

// The example session the window opens on first start, shared by the GUI suites.

#include "io/SessionFile.h"

namespace roofscope::test {

inline constexpr const char* kExampleSessionPath = ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml";

// Four kernels (LayerNorm, Attention QK^T, MatMul 600x600, FFN up projection) on H100, MI300X,
// TPU v6e and TPU v7x; an empty session if the file cannot be read (the tests then fail on it).
inline Session exampleSession()
{
    return loadSessionFile(kExampleSessionPath).session.value_or(Session {});
}

} // namespace roofscope::test
