#include "TestMain.h"
// Measured serving runs (docs/serving.md#measured-serving-runs): every serving benchmark's result file
// read to the figures the file holds (the expected values are literals copied from the files), a run
// set against its bound (the bound's figures counted by hand in test_requests.cpp), the verdict ranking
// on measured runs, and the shipped database of published runs.
#include "TestUtil.h"
#include "core/RequestChip.h"
#include "io/ServingBenchImport.h"
#include "io/ServingRunsYaml.h"
#include "io/SessionFile.h"
#include "model/serving/MeasuredVerdict.h"
#include "model/serving/ServingRuns.h"
#include "model/serving/Verdict.h"

#include <QTest>

#include <algorithm>
#include <set>

using namespace roofscope;

namespace {

const std::string kBench = ROOFSCOPE_TEST_DATA_DIR "/serving-bench/";
const std::string kPublished = ROOFSCOPE_TEST_DATA_DIR "/../../resources/published-runs";

ServingImportResult read(const std::string& file, const std::string& format = {}, ServingImportDefaults d = {})
{
    return importServingBench(kBench + file, format, d);
}

// The tiny dense model of test_requests.cpp on its chip (core/RequestChip.h): isl 64, osl 9,
// 8 requests in flight. There: TTFT 209296/3 ns, TPOT 47912/3 ns, run 72 / 667328 ns.
TemplateInstance gapGroup()
{
    TemplateInstance t;
    t.name = "transformer";
    // The group's own operating point (batch 3, context 100) is replaced by the run's.
    t.params = { { "layers", 1 }, { "hidden", 8 }, { "heads", 2 }, { "kv_heads", 1 }, { "ffn", 16 }, { "vocab", 32 },
        { "batch", 3 }, { "seq", 100 } };
    t.options["fused"] = "false"; // the projections as test_requests.cpp counts them
    return t;
}

ServingRun tinyRun()
{
    ServingRun r;
    r.name = "tiny";
    r.engine = "engine";
    r.device = "request-chip";
    r.chips = 1;
    r.isl = 64;
    r.osl = 9;
    r.concurrency = 8;
    r.weightDtype = r.computeDtype = r.kvDtype = "bf16";
    r.outputTokensPerSecond = 80000.0;
    r.tpot.mean = 20e-6;
    r.ttft.mean = 100e-6;
    return r;
}

constexpr double kGapNs = 1e-9;

} // namespace

class TestServingRuns : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void vllmServe()
    {
        const auto r = read("vllm-serve/results_qwen35_fp8_cc_tp4_isl1024_osl1024_conc32.json");
        QVERIFY2(r.ok(), firstError(r.diagnostics).c_str());
        QCOMPARE(r.format, std::string("vllm-serve"));
        QCOMPARE(r.runs.size(), std::size_t { 1 });
        const ServingRun& run = r.runs.front();
        QCOMPARE(*run.outputTokensPerSecond, 1558.21585715768);
        QCOMPARE(*run.totalTokensPerSecond, 3093.7881039045647);
        QCOMPARE(*run.concurrency, 32.0);
        QCOMPARE(*run.isl, 243523.0 / 320); // total_input_tokens / completed: measured, not the nominal 1024
        QCOMPARE(*run.osl, 247114.0 / 320);
        QCOMPARE(*run.ttft.mean, 360.7508340813638e-3);
        QCOMPARE(*run.ttft.p99, 1063.6887158044556e-3);
        QCOMPARE(*run.tpot.p50, 19.85758694772631e-3);
        QCOMPARE(*run.tpot.mean, 19.356447679888333e-3);
        QCOMPARE(run.model, std::string("Qwen/Qwen3.5-397B-A17B-FP8"));
        QVERIFY(run.engine.empty()); // "backend": "vllm" is the client's format: the server was SGLang
        QVERIFY(run.device.empty() && run.chips == 0.0);
        QCOMPARE(servingRunProblem(run), std::string("the run does not say its device (device)"));
    }

    void sglangJsonLines()
    {
        const auto off = read("sglang-bench-serving/llama_3_3_70b_offline_output.jsonl");
        QVERIFY2(off.ok(), firstError(off.diagnostics).c_str());
        QCOMPARE(off.format, std::string("sglang"));
        QCOMPARE(off.runs.size(), std::size_t { 7 }); // one per line; "request_rate": Infinity read as all at once
        QCOMPARE(*off.runs[0].outputTokensPerSecond, 4520.698730654741);
        QCOMPARE(*off.runs[0].isl, 1525074.0 / 3000);
        QCOMPARE(*off.runs[0].osl, 1544818.0 / 3000);
        QCOMPARE(*off.runs[0].ttft.p50, 91282.20983641222e-3);
        QCOMPARE(*off.runs[0].itl.p50, 159.01175909675658e-3);
        QVERIFY(!off.runs[0].tpot.central()); // this SGLang writes no TPOT; its ITL counts chunks
        QVERIFY(!off.runs[0].concurrency && !off.runs[0].requestRate);
        QCOMPARE(off.runs[0].scenario, std::string("offline"));
        QCOMPARE(*off.runs[5].outputTokensPerSecond, 6648.4389207099675);
        QCOMPARE(off.runs[0].source, kBench + "sglang-bench-serving/llama_3_3_70b_offline_output.jsonl:1");
        const auto on = read("sglang-bench-serving/llama_3_3_70b_online_output.jsonl");
        QCOMPARE(on.runs.size(), std::size_t { 7 });
        QCOMPARE(*on.runs[0].outputTokensPerSecond, 537.4142851849319);
        QCOMPARE(*on.runs[0].requestRate, 1.0);
        QCOMPARE(*on.runs[4].outputTokensPerSecond, 4288.049348197696);
        QCOMPARE(on.runs[4].scenario, std::string("open-loop"));
    }

    void aiperfAndGenaiPerf()
    {
        const auto r = read("aiperf/conc4/profile_export_aiperf.json");
        QVERIFY2(r.ok(), firstError(r.diagnostics).c_str());
        QCOMPARE(r.format, std::string("aiperf"));
        const ServingRun& run = r.runs.front();
        QCOMPARE(*run.outputTokensPerSecond, 161.99612075969227);
        QCOMPARE(*run.ttft.mean, 12695.25872995064e-3);
        QCOMPARE(*run.ttft.p50, 5834.378336e-3);
        QCOMPARE(*run.tpot.mean, 22.899478392626104e-3); // inter_token_latency is per request: a TPOT
        QCOMPARE(*run.isl, 81097.89762340036);
        QCOMPARE(*run.osl, 1078.0);
        QCOMPARE(*run.concurrency, 4.0);
        QCOMPARE(run.model, std::string("amd/Kimi-K2.7-Code-MXFP4"));
        QVERIFY(run.hasFlag("prefix_caching")); // a 93.9 % theoretical prefix-cache hit
        // genai-perf's export (synthetic figures in the structure its exporter writes, see SOURCES.md).
        const auto g = read("genai-perf/profile_export_genai_perf.json");
        QVERIFY2(g.ok(), firstError(g.diagnostics).c_str());
        QCOMPARE(g.format, std::string("aiperf"));
        QCOMPARE(*g.runs.front().outputTokensPerSecond, 636.0248447204968);
        QCOMPARE(*g.runs.front().ttft.mean, 60.0e-3);
        QCOMPARE(*g.runs.front().concurrency, 4.0);
        QCOMPARE(g.runs.front().model, std::string("meta-llama/Llama-3.1-8B-Instruct"));
    }

    void mlperfSummaries()
    {
        const auto server = read("mlperf-inference/Server/mlperf_log_summary.txt");
        QVERIFY2(server.ok(), firstError(server.diagnostics).c_str());
        QCOMPARE(server.format, std::string("mlperf"));
        const ServingRun& s = server.runs.front();
        QCOMPARE(s.scenario, std::string("server"));
        QCOMPARE(*s.outputTokensPerSecond, 21605.79);
        QCOMPARE(*s.requestsPerSecond, 74.42);
        QCOMPARE(*s.osl, 21605.79 / 74.42);
        QVERIFY(!s.isl); // the log does not say it: --isl
        QCOMPARE(*s.ttft.mean, 275926440e-9);
        QCOMPARE(*s.ttft.p99, 461278089e-9);
        QCOMPARE(*s.tpot.mean, 154960329e-9);
        QCOMPARE(*s.tpot.p50, 156419276e-9);
        const auto offline = read("mlperf-inference/Offline/mlperf_log_summary.txt");
        QVERIFY2(offline.ok(), firstError(offline.diagnostics).c_str());
        QCOMPARE(offline.runs.front().scenario, std::string("offline"));
        QCOMPARE(*offline.runs.front().outputTokensPerSecond, 24524.9);
        QVERIFY(!offline.runs.front().concurrency && !offline.runs.front().ttft.central());
    }

    void llmperfSummaries()
    {
        const auto r = read(
            "llmperf/yi-34b-4xa10g-vllm/result_01-ai_Yi-1.5-34B-Chat_64/01-ai-Yi-1-5-34B-Chat_550_150_summary.json");
        QVERIFY2(r.ok(), firstError(r.diagnostics).c_str());
        QCOMPARE(r.format, std::string("llmperf"));
        const ServingRun& run = r.runs.front();
        QCOMPARE(*run.outputTokensPerSecond, 135.38240586364088);
        QCOMPARE(*run.concurrency, 64.0);
        QCOMPARE(*run.isl, 550.0);
        QCOMPARE(*run.osl, 159.40625); // measured: 150 were asked for
        QCOMPARE(*run.ttft.mean, 16.630715770742114);
        QCOMPARE(*run.ttft.p50, 17.220491680999658);
        QCOMPARE(*run.itl.mean, 0.30833836372349244);
        QVERIFY(!run.tpot.central()); // its inter-token latency includes the first token: no TPOT
        QCOMPARE(run.date, std::string("2024-06-12"));
        const auto bedrock = read("llmperf/summary/bedrock_70b.json");
        QVERIFY2(bedrock.ok(), firstError(bedrock.diagnostics).c_str());
        QCOMPARE(*bedrock.runs.front().outputTokensPerSecond, 62.867056292903534);
        QCOMPARE(*bedrock.runs.front().concurrency, 5.0);
        bool failures = false;
        for (const auto& note : bedrock.runs.front().notes) {
            failures = failures || note.find("49 of 150 requests failed") != std::string::npos;
        }
        QVERIFY(failures);
    }

    void trtllmBenchReport()
    {
        // Built from trtllm-bench's report code (no published report exists; SOURCES.md says where from).
        const auto r = read("trtllm-bench/report.json");
        QVERIFY2(r.ok(), firstError(r.diagnostics).c_str());
        QCOMPARE(r.format, std::string("trtllm-bench"));
        const ServingRun& run = r.runs.front();
        QCOMPARE(run.engine, std::string("TensorRT-LLM"));
        QCOMPARE(*run.outputTokensPerSecond, 4369.066666666667);
        QCOMPARE(*run.isl, 1024.0);
        QCOMPARE(*run.osl, 512.0);
        QCOMPARE(*run.concurrency, 64.0);
        QCOMPARE(*run.ttft.mean, 450.0e-3);
        QCOMPARE(*run.ttft.p50, 402.0e-3);
        QCOMPARE(*run.tpot.mean, 13.796477495107633e-3);
        QCOMPARE(*run.tpot.p99, 15.4e-3);
        QCOMPARE(run.chips, 1.0); // world_size: the one format that says its chips
    }

    void detectionAndDefaults()
    {
        for (const auto& [file, format] : std::vector<std::pair<std::string, std::string>> {
                 { "vllm-serve/results_qwen35_fp8_cc_tp4_isl1024_osl1024_conc4.json", "vllm-serve" },
                 { "sglang-bench-serving/llama_405b_online_output.jsonl", "sglang" },
                 { "aiperf/conc1/profile_export_aiperf.json", "aiperf" },
                 { "mlperf-inference/Offline/mlperf_log_summary.txt", "mlperf" },
                 { "llmperf/summary/bedrock_70b.json", "llmperf" }, { "trtllm-bench/report.json", "trtllm-bench" } }) {
            const auto r = read(file);
            QVERIFY2(r.ok(), (file + ": " + firstError(r.diagnostics)).c_str());
            QCOMPARE(r.format, format);
        }
        ServingImportDefaults d;
        d.device = "nvidia-h200-sxm";
        d.chips = 4;
        d.engine = "SGLang";
        d.isl = 300; // a flag replaces what the file says
        const auto r = read("vllm-serve/results_qwen35_fp8_cc_tp4_isl1024_osl1024_conc4.json", "", d);
        QCOMPARE(r.runs.front().device, std::string("nvidia-h200-sxm"));
        QCOMPARE(r.runs.front().chips, 4.0);
        QCOMPARE(r.runs.front().engine, std::string("SGLang"));
        QCOMPARE(*r.runs.front().isl, 300.0);
        QVERIFY(servingRunProblem(r.runs.front()).empty());
        // Not a benchmark file, a broken one, the wrong format named: errors naming the file.
        const auto notOne = importServingBenchText("{\"a\": 1}", "x.json", "", {});
        QVERIFY(!notOne.ok());
        QVERIFY(firstError(notOne.diagnostics).find("x.json") != std::string::npos);
        const auto broken = importServingBenchText(
            "{\"backend\": \"sglang\", \"output_throughput\": 3}\n{oops\n", "b.jsonl", "sglang", {});
        QVERIFY(!broken.ok());
        QVERIFY(firstError(broken.diagnostics).find("b.jsonl:2") != std::string::npos);
        QVERIFY(broken.runs.empty());
        const auto wrong
            = importServingBenchText("MLPerf Results Summary\nScenario : Offline\n", "m.txt", "mlperf", {});
        QVERIFY(!wrong.ok()); // no figure
        // Bytes that are not UTF-8 would make a session that cannot be read back: refused at their place.
        const auto latin1 = importServingBenchText(
            "MLPerf Results Summary\nSUT name : caf\xe9\nScenario : Offline\nTokens per second: 5\n", "l.txt", "mlperf",
            {});
        QVERIFY(!latin1.ok());
        QVERIFY2(firstError(latin1.diagnostics).find("l.txt:2") != std::string::npos,
            firstError(latin1.diagnostics).c_str());
    }

    // The bound of the run is the one test_requests.cpp counts by hand: run 72 / 667328 ns, TPOT 47912/3 ns,
    // TTFT 209296/3 ns; the efficiencies are the run's figures against them.
    void gapByHand()
    {
        const ServingRunGap gap = servingRunGap(tinyRun(), gapGroup(), test::requestChip(), {});
        QVERIFY2(gap.error.empty(), gap.error.c_str());
        QCOMPARE(gap.concurrency, 8.0);
        QVERIFY(gap.tokensPerSecond && gap.tpot && gap.ttft);
        ROOFSCOPE_COMPARE_REL(gap.tokensPerSecond->bound, 72 / (667328 * kGapNs), 1e-12);
        ROOFSCOPE_COMPARE_REL(gap.tokensPerSecond->efficiency, 80000.0 * 667328 * kGapNs / 72, 1e-12); // 0.7415
        ROOFSCOPE_COMPARE_REL(gap.tpot->bound, 47912.0 / 3 * kGapNs, 1e-12);
        ROOFSCOPE_COMPARE_REL(gap.tpot->efficiency, 47912.0 / 3 / 20000, 1e-12); // bound / measured: 0.7985
        ROOFSCOPE_COMPARE_REL(gap.ttft->efficiency, 209296.0 / 3 / 100000, 1e-12); // 0.6977
        QVERIFY(!gap.beyondBound && gap.likelyCauses.empty());
        QVERIFY(!gap.assumptions.empty());
    }

    void aboveItsBoundIsLoud()
    {
        ServingRun run = tinyRun();
        run.outputTokensPerSecond = 120000.0; // above 107,893
        run.kvDtype.clear();
        run.flags = { "speculative_decoding" };
        const ServingRunGap gap = servingRunGap(run, gapGroup(), test::requestChip(), {});
        QVERIFY2(gap.error.empty(), gap.error.c_str());
        QVERIFY(gap.tokensPerSecond->beyond && gap.beyondBound);
        ROOFSCOPE_COMPARE_REL(
            gap.tokensPerSecond->efficiency, 120000.0 * 667328 * kGapNs / 72, 1e-12); // 1.112, not clipped
        const std::string causes = joinedCauses(gap);
        QVERIFY2(causes.find("speculative decoding") != std::string::npos, causes.c_str());
        QVERIFY2(causes.find("precision") != std::string::npos, causes.c_str());
    }

    // No concurrency (an offline run): the throughput is bounded at the most requests that fit, 11 here
    // (test_requests.cpp), the TPOT floor at the smallest batch.
    void offlineRunBoundedAtMaxBatch()
    {
        ServingRun run = tinyRun();
        run.concurrency.reset();
        const ServingRunGap gap = servingRunGap(run, gapGroup(), test::requestChip(), {});
        QVERIFY2(gap.error.empty(), gap.error.c_str());
        QVERIFY(gap.concurrencyFromMaxBatch);
        QCOMPARE(gap.concurrency, 11.0);
        QCOMPARE(gap.step.requests->concurrency, 11.0);
        QVERIFY(gap.tpot->bound < 47912.0 / 3 * kGapNs); // one request decoding is faster than eight
        // More requests than fit (16 of 11): only 11 can be in flight, so the bound is taken there.
        ServingRun over = tinyRun();
        over.concurrency = 16;
        const ServingRunGap capped = servingRunGap(over, gapGroup(), test::requestChip(), {});
        QVERIFY2(capped.error.empty(), capped.error.c_str());
        QVERIFY(capped.concurrencyFromMaxBatch);
        QCOMPARE(capped.concurrency, 11.0);
        QCOMPARE(capped.tokensPerSecond->bound, gap.tokensPerSecond->bound);
        QVERIFY(capped.assumptions.front().find("more requests than fit") != std::string::npos
            || std::any_of(capped.assumptions.begin(), capped.assumptions.end(),
                [](const std::string& a) { return a.find("more requests than fit") != std::string::npos; }));
        ServingRun noLengths = tinyRun();
        noLengths.isl.reset();
        QVERIFY(servingRunGap(noLengths, gapGroup(), test::requestChip(), {}).error.find("isl") != std::string::npos);
    }

    // Two devices, the faster chip's run reaching less of its bound: bounds and measured runs disagree, and
    // the headline says both.
    void verdictRanksOnMeasuredRuns()
    {
        Kernel group;
        group.name = "tiny";
        group.templ = gapGroup();
        group.templ->params.erase("batch");
        group.templ->params.erase("seq");
        group.templ->params["isl"] = 64;
        group.templ->params["osl"] = 9;
        group.templ->params["concurrency"] = 8;
        Hardware fast = test::requestChip();
        fast.id = "fast-chip";
        fast.name = "fast chip";
        fast.compute[0].flopsPerSecond = 6e9;
        fast.levels[0].bytesPerSecond = 2e9;
        std::vector<VerdictDeviceInput> devices(2);
        devices[0].id = devices[0].label = "request-chip";
        devices[0].chip = test::requestChip();
        devices[1].id = devices[1].label = "fast-chip";
        devices[1].chip = fast;
        GroupVerdict verdict = groupVerdict(group, devices, {}, false);
        QCOMPARE(verdict.devices[1].rank(VerdictCriterion::TokensPerSecondPerChip), 1); // twice the roofs
        // A request mix is ranked on its run figure (prefill included): 72 / 667328 ns on request-chip.
        ROOFSCOPE_COMPARE_REL(
            *verdict.devices[0].figure(VerdictCriterion::TokensPerSecondPerChip), 72 / (667328 * kGapNs), 1e-12);
        QVERIFY2(
            verdict.headline.rfind("tiny at 64 in / 9 out, concurrency 8: most tokens/s per chip fast-chip", 0) == 0,
            verdict.headline.c_str());
        ServingRun slow = tinyRun(); // 80,000 tokens/s on request-chip
        ServingRun onFast = tinyRun();
        onFast.name = "on fast";
        onFast.device = "fast-chip";
        onFast.outputTokensPerSecond = 60000.0;
        ServingRun otherScenario = tinyRun();
        otherScenario.name = "other";
        otherScenario.isl = 128;
        otherScenario.outputTokensPerSecond = 1e9; // another scenario never joins the ranking
        slow.model = onFast.model = otherScenario.model = "tiny";
        attachMeasuredRuns(verdict, group, devices, { slow, onFast, otherScenario });
        QCOMPARE(verdict.devices[0].measured.size(), std::size_t { 2 });
        QCOMPARE(verdict.devices[1].measured.size(), std::size_t { 1 });
        QCOMPARE(verdict.devices[0].measuredRank, 1);
        QCOMPARE(verdict.devices[1].measuredRank, 2);
        QCOMPARE(verdict.measuredBasis, std::string("measured runs at 64 in / 9 out, concurrency 8"));
        QCOMPARE(
            verdict.measuredNote, std::string("bounds rank fast-chip first; measured runs rank request-chip first"));
        QVERIFY2(
            verdict.headline.find("bounds rank fast-chip first; measured runs at 64 in / 9 out, concurrency 8 rank "
                                  "request-chip first")
                != std::string::npos,
            verdict.headline.c_str());
        // A TTFT target: request-chip's prefill bound, 209296/3 ns = 0.0698 ms, is over 0.05 ms; fast-chip's,
        // half of it, is under.
        VerdictCriteria ttft;
        ttft.ttftTargetMs = 0.05;
        const GroupVerdict limited = groupVerdict(group, devices, ttft, false);
        QVERIFY(!limited.devices[0].meetsTtftTarget && limited.devices[1].meetsTtftTarget);
        QCOMPARE(limited.devices[0].rank(VerdictCriterion::TokensPerSecondPerChip), 0);
        QCOMPARE(limited.devices[1].rank(VerdictCriterion::TokensPerSecondPerChip), 1);
        QVERIFY2(limited.devices[0].whyUnranked.find("0.0698 ms, over the 0.05 ms TTFT target") != std::string::npos,
            limited.devices[0].whyUnranked.c_str());
        QVERIFY2(limited.headline.find("TTFT <= 0.05 ms") != std::string::npos, limited.headline.c_str());
        QVERIFY2(limited.headline.find("request-chip misses the TTFT target") != std::string::npos,
            limited.headline.c_str());
        // Without a run on one device the ranking stays on bounds, and says why.
        GroupVerdict alone = groupVerdict(group, devices, {}, false);
        attachMeasuredRuns(alone, group, devices, { slow });
        QCOMPARE(alone.devices[0].measuredRank, 0);
        QVERIFY(alone.measuredBasis.empty());
        QVERIFY(alone.measuredNote.find("stands on bounds") != std::string::npos);
        // A run of another chip count is not this device's.
        ServingRun twoChips = slow;
        twoChips.chips = 2;
        GroupVerdict other = groupVerdict(group, devices, {}, false);
        attachMeasuredRuns(other, group, devices, { twoChips });
        QVERIFY(other.devices[0].measured.empty());
    }

    void sessionRoundTrip()
    {
        Session session;
        ServingRun run = tinyRun();
        run.group = "tiny";
        run.source = "bench.json";
        run.ttft.p99 = 3e-4;
        run.flags = { "prefix_caching" };
        run.notes = { "a note" };
        session.servingRuns = { run };
        const std::string yaml = sessionToYaml(session);
        const SessionLoadResult back = loadSessionText(yaml, "s.yaml");
        QVERIFY2(back.session, firstError(back.diagnostics).c_str());
        QCOMPARE(back.session->servingRuns.size(), std::size_t { 1 });
        const ServingRun& r = back.session->servingRuns.front();
        QCOMPARE(r.name, run.name);
        QCOMPARE(r.group, std::string("tiny"));
        QCOMPARE(*r.outputTokensPerSecond, 80000.0);
        QCOMPARE(*r.ttft.p99, 3e-4);
        QCOMPARE(*r.tpot.mean, 20e-6);
        QCOMPARE(r.kvDtype, std::string("bf16"));
        QCOMPARE(r.flags, run.flags);
        QCOMPARE(sessionToYaml(*back.session), yaml);
        // A bad entry names its place.
        const SessionLoadResult bad = loadSessionText("schema: roofscope-session/1\nserving_runs:\n  - {device: x, "
                                                      "chips: 1, isl: 1, osl: 2, output_tokens_per_s: -3}\n",
            "bad.yaml");
        QVERIFY(!bad.session);
        QVERIFY2(
            firstError(bad.diagnostics).find("bad.yaml:3") != std::string::npos, firstError(bad.diagnostics).c_str());
    }

    void publishedRunsAreSourced()
    {
        const PublishedRunsResult db = loadPublishedRuns(kPublished);
        QVERIFY2(!hasErrors(db.diagnostics), firstError(db.diagnostics).c_str());
        std::set<std::string> engines;
        std::set<std::string> vendors;
        std::set<std::string> names;
        std::size_t runs = 0;
        for (const PublishedSource& source : db.sources) {
            QVERIFY(!source.title.empty() && !source.citation.empty());
            for (const ServingRun& run : source.runs) {
                ++runs;
                QVERIFY2(!run.cell.empty(), run.name.c_str());
                QVERIFY2(run.source == source.citation, run.name.c_str());
                QVERIFY2(names.insert(run.name).second, run.name.c_str());
                QVERIFY2(run.outputTokensPerSecond || run.tpotSeconds() || run.ttft.central() || run.itl.central()
                        || run.totalTokensPerSecond,
                    run.name.c_str());
                engines.insert(run.engine.substr(0, run.engine.find(' ')));
                vendors.insert(run.device.substr(0, run.device.find('-')));
            }
        }
        QVERIFY(runs >= 25);
        QVERIFY2(engines.size() >= 4, std::to_string(engines.size()).c_str());
        QVERIFY(vendors.count("nvidia") && vendors.count("amd") && vendors.count("google"));
        // A bad file is refused with its place; the others still load.
        const PublishedRunsResult bad
            = loadPublishedRunsText("source: {title: t, citation: c}\nruns:\n  - {engine: e}\n", "p.yaml");
        QVERIFY(bad.sources.empty());
        QVERIFY(firstError(bad.diagnostics).find("p.yaml:3") != std::string::npos);
    }

private:
    static std::string joinedCauses(const ServingRunGap& gap)
    {
        std::string all;
        for (const auto& c : gap.likelyCauses) {
            all += c + "\n";
        }
        return all;
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestServingRuns)
#include "test_serving_runs.moc"
