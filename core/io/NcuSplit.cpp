// Nsight Compute runs split over several files (time, FLOP counters and byte counters profiled in
// separate passes, as NERSC's roofline method collects them), merged launch by launch.
#include "io/NcuSplit.h"

#include "io/ImportUtil.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

namespace roofscope {

namespace ncu {

std::vector<Launch> mergeSplitLaunches(
    const std::vector<std::string>& files, std::vector<std::vector<Launch>>& launches, Diagnostics& diagnostics)
{
    std::vector<Launch> merged;
    std::vector<std::uint64_t> inFiles; // a bit per file that had the launch
    std::map<std::pair<std::string, std::size_t>, std::size_t> index; // (name, k-th launch of it) -> merged
    bool idsDiffer = false;
    bool overlap = false;
    std::string differing; // the metrics whose values differ between the files
    for (std::size_t f = 0; f < launches.size(); ++f) {
        std::unordered_map<std::string, std::size_t> occurrence;
        for (Launch& launch : launches[f]) {
            const std::size_t k = occurrence[launch.name]++;
            auto [it, inserted] = index.try_emplace({ launch.name, k }, merged.size());
            if (inserted) {
                merged.push_back(std::move(launch));
                inFiles.push_back(f < 64 ? std::uint64_t { 1 } << f : 0);
                continue;
            }
            Launch& into = merged[it->second];
            inFiles[it->second] |= f < 64 ? std::uint64_t { 1 } << f : 0;
            idsDiffer = idsDiffer || into.id != launch.id || into.process != launch.process;
            for (std::size_t m = 0; m < MetricCount; ++m) {
                const auto metric = static_cast<Metric>(m);
                if (!launch.has(metric)) {
                    continue;
                }
                if (into.has(metric)) {
                    overlap = true; // measured in several passes (the time usually is): the first stays
                    const double a = into.values[m];
                    const double b = launch.values[m];
                    if (std::abs(a - b) > 1e-9 * std::max(a, b) && differing.find(kMetricNames[m]) == std::string::npos
                        && differing.size() < 400) {
                        differing += (differing.empty() ? "" : ", ") + std::string(kMetricNames[m]);
                    }
                    continue;
                }
                into.values[m] = launch.values[m];
                into.present |= 1U << m;
            }
            if (into.problem.empty() && !launch.problem.empty()) {
                into.problem = launch.problem + " (in " + importutil::fileName(launch.file) + ")";
            }
            if (into.computeCapability.empty()) {
                into.computeCapability = launch.computeCapability;
            }
        }
        launches[f].clear();
    }
    const std::uint64_t all = files.size() >= 64 ? ~std::uint64_t { 0 } : (std::uint64_t { 1 } << files.size()) - 1;
    std::size_t complete = 0;
    std::string unmatched;
    std::size_t unmatchedCount = 0;
    std::map<std::string, std::size_t> kernels;
    for (std::size_t i = 0; i < merged.size(); ++i) {
        if (inFiles[i] == all) {
            ++complete;
            kernels[merged[i].name] += 1;
            continue;
        }
        if (++unmatchedCount <= 5) {
            std::string where;
            for (std::size_t f = 0; f < files.size() && f < 64; ++f) {
                if ((inFiles[i] & (std::uint64_t { 1 } << f)) != 0) {
                    where += (where.empty() ? "" : ", ") + importutil::fileName(files[f]);
                }
            }
            unmatched += (unmatched.empty() ? "" : "; ") + std::string("'") + merged[i].name + "' (ID " + merged[i].id
                + ") only in " + where;
        }
    }
    std::string names;
    for (const auto& f : files) {
        names += (names.empty() ? "" : ", ") + importutil::fileName(f);
    }
    std::string message = "split run: " + names + " merged by kernel name and launch order: " + std::to_string(complete)
        + (complete == 1 ? " launch" : " launches") + " of " + std::to_string(kernels.size())
        + (kernels.size() == 1 ? " kernel" : " kernels") + " found in every file"
        + (idsDiffer ? " (their launch IDs differ between the files)" : " (their launch IDs agree)");
    if (overlap) {
        message += "; metrics measured in more than one file keep the first file's value"
            + (differing.empty() ? std::string(" (the values agree)") : " (these differ: " + differing + ")");
    }
    if (unmatchedCount > 0) {
        message += "; " + std::to_string(unmatchedCount) + (unmatchedCount == 1 ? " launch" : " launches")
            + " could not be merged: " + unmatched + (unmatchedCount > 5 ? "; ..." : "");
    }
    diagnostics.push_back(importutil::warningAt(files.front(), 0, message));
    return merged;
}

namespace {

// Merged launches made kernels (or merged per name with --aggregate).
ImportResult finishMerged(const std::vector<Launch>& launches, const ImportOptions& options, Diagnostics diagnostics)
{
    ImportResult merged;
    merged.diagnostics = std::move(diagnostics);
    std::optional<LaunchAggregator> aggregator;
    if (options.aggregate) {
        aggregator.emplace();
    }
    LaunchFinisher finisher(merged, aggregator);
    for (const auto& launch : launches) {
        finisher.finish(launch);
    }
    importutil::finishKernels(merged, aggregator);
    finisher.summarize();
    return merged;
}

std::string passLabel(const std::string& file, std::size_t pass)
{
    return file + " (pass " + std::to_string(pass + 1) + ")";
}

} // namespace

ImportResult mergePasses(const std::string& file, std::vector<std::vector<Launch>>& passes,
    const ImportOptions& options, Diagnostics diagnostics)
{
    std::vector<std::string> labels;
    for (std::size_t p = 0; p < passes.size(); ++p) {
        labels.push_back(passLabel(file, p));
    }
    const std::vector<Launch> merged = mergeSplitLaunches(labels, passes, diagnostics);
    return finishMerged(merged, options, std::move(diagnostics));
}

} // namespace ncu

ImportResult importNcuFiles(const std::vector<std::string>& paths, const ImportOptions& options, bool* split)
{
    if (split) {
        *split = false;
    }
    ImportResult all;
    std::vector<std::string> partialFiles;
    std::vector<ImportResult> partialResults;
    for (const auto& path : paths) {
        std::uint32_t present = 0;
        ImportResult r = ncu::readNcuFile(path, options, present, nullptr);
        const bool partial
            = r.ok() && paths.size() > 1 && (!ncu::hasFlopCounters(present) || !ncu::hasByteCounters(present));
        if (partial) {
            partialFiles.push_back(path);
            partialResults.push_back(std::move(r));
        } else {
            all.append(std::move(r));
        }
    }
    if (partialFiles.size() < 2) {
        for (auto& r : partialResults) {
            all.append(std::move(r));
        }
        return all;
    }
    // The files that lack FLOP or byte counters are passes of one split run: read them launch by launch.
    // A file of several passes gives one part per pass.
    std::vector<std::vector<ncu::Launch>> launches;
    std::vector<std::string> parts;
    ImportResult reread;
    for (std::size_t f = 0; f < partialFiles.size(); ++f) {
        std::uint32_t present = 0;
        ImportOptions raw = options;
        raw.aggregate = false;
        std::vector<std::vector<ncu::Launch>> passes;
        ImportResult r = ncu::readNcuFile(partialFiles[f], raw, present, &passes);
        for (std::size_t p = 0; p < passes.size(); ++p) {
            launches.push_back(std::move(passes[p]));
            parts.push_back(passes.size() == 1 ? partialFiles[f] : ncu::passLabel(partialFiles[f], p));
        }
        // Its "no kernel rows" note holds; launches it could not place alone are placed after merging.
        reread.diagnostics.insert(reread.diagnostics.end(), r.diagnostics.begin(), r.diagnostics.end());
    }
    if (!reread.ok()) {
        all.append(std::move(reread));
        return all;
    }
    Diagnostics diagnostics = std::move(reread.diagnostics);
    const std::vector<ncu::Launch> launchesMerged = ncu::mergeSplitLaunches(parts, launches, diagnostics);
    all.append(ncu::finishMerged(launchesMerged, options, std::move(diagnostics)));
    if (split) {
        *split = true;
    }
    return all;
}

} // namespace roofscope
