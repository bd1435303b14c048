#pragma once

#include "analysis/KernelOnDevice.h"
#include "model/Comparison.h"
#include "model/Evaluation.h"
#include "model/Session.h"
#include "model/serving/Verdict.h"

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace roofscope {

class HardwareDatabase;

// The analysis of a session: one value, built by analyseSession() and by nothing else, from which the
// window, every export and the `compare` command read their figures (docs/model.md gives the
// formulas, ARCHITECTURE.md how the views use it). It holds
// - the shown kernels: the session's, each kernel group (template: transformer) replaced by the
//   parts of every shown device's step, with each shown kernel's origin;
// - the shown devices (visible, in the database), each with the session entry's overrides, `chips`
//   wide, and every shown kernel's evaluation there (evaluateOnDevice());
// - the workload comparison of those devices (totals, bases, prices, baseline, ranking, each group
//   at the verdict's operating point) and the verdict of every transformer group.
// Nothing in it is Qt; nothing in it is formatted for a view beyond the comparison's own texts.

// Where a shown kernel comes from.
struct KernelOrigin {
    int sessionKernel = -1; // into Session::kernels
    int part = -1; // which kernel of its group's expansion; -1: the kernel is no group's part
};

// One shown device's evaluations, kept between analyses by an AnalysisCache so that showing a device
// again, or moving one kernel, evaluates only what changed.
struct DeviceEvaluations {
    DeviceEvaluations() = default;
    DeviceEvaluations(const DeviceEvaluations&) = delete;
    DeviceEvaluations& operator=(const DeviceEvaluations&) = delete;
    virtual ~DeviceEvaluations() = default;

    const Hardware* hardware = nullptr; // the database's device
    std::shared_ptr<const Hardware> device; // with the entry's overrides and chips (sessionHardware())
    // Per shown kernel (evaluateOnDevice()): its evaluation, its count on the device, why it failed.
    std::vector<std::optional<Evaluation>> evaluations;
    std::vector<double> counts;
    std::vector<KernelOnDevice::Failure> failures;
    std::vector<std::string> errors;
    std::vector<char> stale; // evaluate again before use
    // Why the device cannot be shown at all (its entry's precision is not the device's): such a
    // device is left out of the analysis, its reason in Analysis::deviceErrors.
    std::string deviceError;
    unsigned long revision = 0; // counts changes of `evaluations` (views compare it to skip work)

    // The workload's totals and basis on this device, from the evaluations at `totalsRevision`.
    WorkloadTotals totals;
    ComparisonBasis basis;
    unsigned long totalsRevision = static_cast<unsigned long>(-1);
};

// Keeps each device's evaluations between analyses, keyed by everything they depend on but the
// kernels (the device, its overrides, chips, precision, levels switched off, view options). The
// owner says which kernels changed. An application may keep more per device by deriving from
// DeviceEvaluations and overriding makeEntry().
class AnalysisCache {
public:
    AnalysisCache() = default;
    AnalysisCache(const AnalysisCache&) = delete;
    AnalysisCache& operator=(const AnalysisCache&) = delete;
    virtual ~AnalysisCache() = default;

    void clear() { m_entries.clear(); }
    // Shown kernel `kernel` changed: evaluate it again on every device.
    void invalidateKernel(std::size_t kernel);
    std::size_t size() const { return m_entries.size(); }

protected:
    virtual std::shared_ptr<DeviceEvaluations> makeEntry() const { return std::make_shared<DeviceEvaluations>(); }
    const std::map<std::string, std::shared_ptr<DeviceEvaluations>>& entries() const { return m_entries; }

private:
    friend struct AnalysisBuilder;
    std::map<std::string, std::shared_ptr<DeviceEvaluations>> m_entries;
};

struct AnalysisOptions {
    bool verdicts = true; // the transformer groups' verdicts (the costliest part; `table` asks apart)
    bool comparison = true; // the comparison (`table` prints rows only)
};

struct Analysis {
    // The session analysed (kept by the caller for as long as the analysis is used), and, when it has
    // kernel groups, the session with each group expanded.
    const Session* source = nullptr;
    std::shared_ptr<Session> expanded;
    const Session& shown() const { return expanded ? *expanded : *source; }
    bool hasGroups() const { return expanded != nullptr; }
    std::vector<KernelOrigin> origins; // per shown kernel; empty without groups (each is its own)
    std::vector<int> firstShown; // per session kernel, its first shown kernel (-1: none); empty without groups
    std::vector<std::string> expansionErrors; // groups refused whatever the chips ("kernel 'NAME': why")
    std::vector<std::size_t> expansionErrorKernels; // per expansion error, its session kernel

    std::vector<std::string> unknownDevices; // visible devices the database lacks, by id
    std::vector<std::string> deviceErrors; // devices left out ("Device ID: why", DeviceEvaluations::deviceError)
    std::vector<AnalysisDevice> devices; // the shown devices, in the session's order
    std::vector<std::shared_ptr<DeviceEvaluations>> results; // per shown device

    Comparison comparison; // one entry per shown device; its verdicts are `verdicts`
    std::vector<GroupVerdict> verdicts; // per transformer group, in kernel order, on `devices`

    // A shown kernel's evaluation on a shown device (nullptr when it has none there).
    const Evaluation* evaluation(std::size_t kernel, std::size_t device) const;
    // The shown device of session device `sessionIndex` (-1 when it is not shown).
    int deviceOf(std::size_t sessionIndex) const;
    int sessionKernelOf(int shownKernel) const;
    int firstShownKernel(int sessionKernel) const;
};

// The chips of every shown device: a group shows the parts of each of their steps.
std::vector<double> shownChips(const Session& session, const HardwareDatabase& database);

// The one builder. `cache` (optional) keeps evaluations between calls. Never throws for bad input:
// what cannot be evaluated is in the results' failures, the comparison's errors and warnings.
Analysis analyseSession(const Session& session, const HardwareDatabase& database, AnalysisCache* cache = nullptr,
    const AnalysisOptions& options = {});

// The verdict's view of each shown device (verdictDeviceInput()), in the analysis' order: what its
// verdicts were built on, for a view that attaches more runs to a verdict.
std::vector<VerdictDeviceInput> verdictInputs(const Analysis& analysis, const HardwareDatabase& database);

// Shown kernel `kernel` (no group's part) was moved in place (a drag step: its shown copy already
// holds the new values). Evaluates it again on every shown device; when each evaluates it as before
// (no failure, no warning), its evaluations are replaced, the comparison's totals and ranking updated
// in place and the other cached devices told to evaluate it again, and true is returned. Otherwise
// nothing changes and the caller builds the analysis again. `before` gets the replaced evaluations.
bool moveKernel(Analysis& analysis, std::size_t kernel, AnalysisCache* cache,
    std::vector<std::optional<Evaluation>>* before = nullptr);

} // namespace roofscope
