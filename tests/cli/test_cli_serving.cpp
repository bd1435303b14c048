#include "TestMain.h"
// The serving model on the command line (docs/serving.md), run as a real process: `workload transformer`
// with memory, collectives and cost, `sweep`/`map --kernel transformer`, and the serving keys of
// `table` and `compare` for a session with transformer groups. Expected numbers by hand below.
#include "TestUtil.h"
#include "cli/CliRun.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <tuple>
#include <vector>

#include <cmath>

using namespace roofscope::test;

namespace {

// Llama-3-70B's shape, decode, 64 sequences of 4096 tokens, bf16.
const QString kLlama
    = QStringLiteral("layers=80,hidden=8192,heads=64,kv_heads=8,ffn=28672,vocab=128256,batch=64,seq=4096,phase=decode");

// The same shape without the step's batch, seq and phase (a request mix gives them).
const QString kLlamaShape = QStringLiteral("layers=80,hidden=8192,heads=64,kv_heads=8,ffn=28672,vocab=128256");

// By hand (tests/core/test_serving.cpp): 141,107,412,992 B of weights, 85,899,345,920 B of KV cache.
// On 8 chips every chip holds the norms whole (2,637,824 B): 7 more copies of them in the total.
constexpr double kWeights = 141107412992.0;
constexpr double kNorms = 2637824.0;
constexpr double kCache = 85899345920.0;

QString writeSession(QTemporaryDir& dir, const char* text)
{
    const QString path = dir.filePath("serving.yaml");
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(text);
    }
    return path;
}

} // namespace

class TestCliServing : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Every serving key (servingStepToJson, io/ServingJson.h) on 8 x H100 with a price and a TDP from the
    // command line.
    void workloadJsonCarriesTheServingKeys()
    {
        const auto j = runJson({ "workload", "transformer", "--param", kLlama, "--hardware", "nvidia-h100-sxm",
            "--chips", "8", "--price-per-hour", "2", "--tdp", "700", "--json" });
        QVERIFY(j.is_object());
        const auto& d = j["devices"][0];
        for (const char* key : { "t_min_s", "t_max_s", "tokens_per_s", "t_min_with_launch_s", "tokens_per_s_t_max",
                 "collective_share", "usd_per_million_tokens", "joules_per_token", "tokens_per_s_per_chip",
                 "assumptions", "memory", "parallel", "chips", "roofs", "kernels" }) {
            QVERIFY2(d.contains(key), key);
        }
        for (const char* key :
            { "weights_bytes", "kv_cache_bytes", "activations_bytes", "per_chip_bytes", "capacity_per_chip_bytes",
                "device_capacity_per_chip_bytes", "memory_utilization", "fits", "max_batch" }) {
            QVERIFY2(d["memory"].contains(key), key);
        }
        QCOMPARE(d["parallel"]["tp"].get<double>(), 8.0);
        QCOMPARE(d["parallel"]["ep"].get<double>(), 1.0); // a dense model spreads no experts
        QCOMPARE(d["chips"].get<double>(), 8.0);
        QVERIFY(d["memory"]["fits"].get<bool>());
        const double tps = d["tokens_per_s"].get<double>();
        ROOFSCOPE_COMPARE_REL(d["tokens_per_s"].get<double>(), 64.0 / d["t_min_s"].get<double>(), 1e-12);
        ROOFSCOPE_COMPARE_REL(d["usd_per_million_tokens"].get<double>(), 8 * 2.0 / (tps * 3600) * 1e6, 1e-12);
        ROOFSCOPE_COMPARE_REL(d["joules_per_token"].get<double>(), 8 * 700.0 / tps, 1e-12);
        ROOFSCOPE_COMPARE_REL(d["tokens_per_s_per_chip"].get<double>(), tps / 8, 1e-12);
        ROOFSCOPE_COMPARE_REL(d["memory"]["weights_bytes"].get<double>(), kWeights + 7 * kNorms, 1e-12);
        ROOFSCOPE_COMPARE_REL(d["memory"]["kv_cache_bytes"].get<double>(), kCache, 1e-12);
        // Two all-reduces per layer on NVLink. H100's NVSwitch reduces in the switch (NVLink SHARP): each
        // chip sends 9/8 x M, M = 64 x 8192 x 2 B, in 2 hops, where a ring sends 2 x 7/8 x M in 14 hops.
        int collectives = 0;
        for (const auto& k : d["kernels"]) {
            if (k["name"] == "allreduce_attn" || k["name"] == "allreduce_ffn") {
                ++collectives;
                QCOMPARE(k["count"].get<double>(), 80.0);
                QCOMPARE(k["binding"].get<std::string>(), std::string("nvlink"));
                QCOMPARE(k["algorithm"].get<std::string>(), std::string("in_switch"));
                QCOMPARE(k["bytes_per_chip"].get<double>(), 9.0 / 8 * 64 * 8192 * 2);
                QCOMPARE(k["hops"].get<double>(), 2.0);
            }
        }
        QCOMPARE(collectives, 2);
        QVERIFY(d["collective_share"].get<double>() > 0.0 && d["collective_share"].get<double>() < 1.0);
        QVERIFY(d["t_min_with_launch_s"].get<double>() >= d["t_min_s"].get<double>());
        QVERIFY(d["tokens_per_s_t_max"].get<double>() <= tps);
        // mfu and mbu: the compute and memory kernels' FLOPs and bytes (all on HBM) over T_min (pp 1) x 8 x
        // H100's bf16 peak of 989 TFLOP/s and its 3.35 TB/s. The decode step reads 141 GB of weights and
        // 86 GB of KV cache for 64 tokens: every kernel memory-bound, the collectives overlapped, so the
        // step uses all of the bandwidth and little of the compute: mbu = 1 and mfu = F / B over the ridge.
        // F by hand: per layer qkv 2 x 64 x 8192 x 10240, attention (64 x 64 x 4096 scores) 261 and 256
        // FLOPs a score, o 2 x 64 x 8192^2, gate/up and down 3 x 2 x 64 x 8192 x 28672, activation 5 x 64
        // x 28672; 161 norms of 8 x 10 x 64 x 8192; logits 2 x 64 x 8192 x 128256: 9,597,611,933,696.
        double flops = 0.0;
        double bytes = 0.0;
        for (const auto& k : d["kernels"]) {
            if (!k["collective"].get<bool>()) {
                flops += k["count"].get<double>() * k["flops"].get<double>();
                bytes += k["count"].get<double>() * k["bytes"].get<double>();
            }
        }
        const double tMin = d["t_min_s"].get<double>();
        QCOMPARE(flops, 9597611933696.0);
        ROOFSCOPE_COMPARE_REL(d["mfu"].get<double>(), flops / (tMin * 8 * 989e12), 1e-12);
        ROOFSCOPE_COMPARE_REL(d["mbu"].get<double>(), bytes / (tMin * 8 * 3.35e12), 1e-12);
        QCOMPARE(d["mbu"].get<double>(), 1.0);
        ROOFSCOPE_COMPARE_REL(d["mfu"].get<double>(), flops / bytes / (989e12 / 3.35e12), 1e-12);
        // The same figures in the text, as percentages of the roofs.
        const Run text = runRoofscope(
            { "workload", "transformer", "--param", kLlama, "--hardware", "nvidia-h100-sxm", "--chips", "8" });
        QCOMPARE(text.exitCode, 0);
        const QRegularExpression percentages(
            QStringLiteral("J/token, MFU [0-9.e+-]+ %, MBU [0-9.e+-]+ %; collectives"));
        QVERIFY2(QString::fromUtf8(text.out).contains(percentages), text.out.constData());
    }

    // The 70B step on one H100 is still timed, and said not to fit: 227 GB against the 81,559 MiB
    // (85,520,809,984 B, "85.5 GB") nvidia-smi reports.
    // --model takes a shape from the catalogue; --param overrides its fields. Mixtral-8x7B on 8 H100 at batch
    // 64 and 2k context: every expert split over the 8 chips (vLLM's default layout): 46.7e9 parameters
    // x 2 B / 8, 11.7 GB of weights per chip (the norms and routers whole on each), where keeping every
    // expert whole on every chip needed 90.6 GB.
    void modelFromTheCatalogue()
    {
        const auto j = runJson({ "workload", "transformer", "--model", "mixtral-8x7b", "--param", "batch=64,seq=2048",
            "--hardware", "nvidia-h100-sxm", "--chips", "8", "--json" });
        QVERIFY(j.is_object());
        const auto& d = j["devices"][0];
        QCOMPARE(d["parallel"]["expert_layout"].get<std::string>(), std::string("tp"));
        QCOMPARE(d["parallel"]["ep"].get<double>(), 1.0);
        QCOMPARE(d["precision"]["weights"].get<std::string>(), std::string("bf16"));
        const double weightsPerChip = d["memory"]["weights_bytes"].get<double>() / 8;
        QVERIFY2(weightsPerChip > 11.6e9 && weightsPerChip < 11.8e9, qPrintable(QString::number(weightsPerChip)));
        QVERIFY(d["memory"]["fits"].get<bool>());
        // An override: 16 layers instead of 32 halves the layers' weights.
        const auto half = runJson({ "workload", "transformer", "--model", "mixtral-8x7b", "--param",
            "batch=64,seq=2048,layers=16", "--hardware", "nvidia-h100-sxm", "--chips", "8", "--json" });
        QVERIFY(half["devices"][0]["memory"]["weights_bytes"].get<double>() < 0.51 * 8 * weightsPerChip);
        // ep without tp written out: --chips 8 makes tp 8, and whole experts over 8 chips are accepted.
        const auto whole = runJson({ "workload", "transformer", "--model", "mixtral-8x7b", "--param",
            "batch=1,seq=2048,ep=8,expert_layout=ep", "--hardware", "nvidia-h100-sxm", "--chips", "8", "--json" });
        QVERIFY(whole.is_object());
        QCOMPARE(whole["devices"][0]["parallel"]["ep"].get<double>(), 8.0);
        QCOMPARE(whole["devices"][0]["parallel"]["tp"].get<double>(), 8.0);
        // Unknown ids name the known ones; --model belongs to the transformer.
        const Run unknown = runRoofscope({ "workload", "transformer", "--model", "mixtral-9x9b", "--param",
            "batch=1,seq=1", "--hardware", "nvidia-h100-sxm" });
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(
            unknown.err.contains("--model: unknown model 'mixtral-9x9b' (known: deepseek-v3"), unknown.err.constData());
        const Run matmul = runRoofscope({ "eval", "--kernel", "matmul", "--model", "mixtral-8x7b", "--param",
            "m=8,k=8,n=8", "--hardware", "nvidia-h100-sxm" });
        QCOMPARE(matmul.exitCode, 2);
        QVERIFY2(matmul.err.contains("goes with --kernel transformer"), matmul.err.constData());
        // The catalogue itself, with the parameters each shape counts against its published total.
        const Run list = runRoofscope({ "models", "list" });
        QCOMPARE(list.exitCode, 0);
        QVERIFY(list.out.contains("qwen3-235b-a22b") && list.out.contains("gpt-oss-120b"));
        const auto show = runJson({ "models", "show", "deepseek-v3", "--json" });
        QCOMPARE(show["params"]["kv_lora_rank"].get<double>(), 512.0);
        QCOMPARE(show["parameters_counted"].get<double>(), 671026404352.0);
        QCOMPARE(show["parameters"].get<double>(), 671e9);
    }

    void llamaOnOneH100DoesNotFit()
    {
        const auto j
            = runJson({ "workload", "transformer", "--param", kLlama, "--hardware", "nvidia-h100-sxm", "--json" });
        QVERIFY(j.is_object());
        const auto& d = j["devices"][0];
        QVERIFY(!d["memory"]["fits"].get<bool>());
        QCOMPARE(d["memory"]["max_batch"].get<double>(), 0.0);
        QCOMPARE(d["fit"].get<std::string>(), std::string("does not fit: 227 GB needed per chip, 85.5 GB available"));
        QVERIFY(d["tokens_per_s"].get<double>() > 0.0);
        QVERIFY(d["usd_per_million_tokens"].is_null()); // no price given
        const Run text
            = runRoofscope({ "workload", "transformer", "--param", kLlama, "--hardware", "nvidia-h100-sxm" });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("does not fit: 227 GB needed per chip, 85.5 GB available"), text.out.constData());
        QVERIFY(text.out.contains("a bound on peak roofs"));
        QVERIFY(text.out.contains("assumed: no hourly price"));
    }

    // An engine's reserve as the parameter memory_utilization: on 8 x H100 at 0.9, each chip may fill
    // 0.9 x 81,559 MiB; max_batch = floor((76,968,728,985.6 - 17,638,426,624) / 167,821,312) = 353
    // (404 with the whole capacity, batchSweepEndsAtMaxBatch). The text output says which share counted.
    void memoryUtilizationOnTheCommandLine()
    {
        const auto j = runJson({ "workload", "transformer", "--param", kLlama + ",memory_utilization=0.9", "--hardware",
            "nvidia-h100-sxm", "--chips", "8", "--json" });
        QVERIFY(j.is_object());
        const auto& m = j["devices"][0]["memory"];
        QCOMPARE(m["memory_utilization"].get<double>(), 0.9);
        QCOMPARE(m["device_capacity_per_chip_bytes"].get<double>(), 81559.0 * 1024 * 1024);
        QCOMPARE(m["capacity_per_chip_bytes"].get<double>(), 81559.0 * 1024 * 1024 * 0.9);
        QCOMPARE(m["max_batch"].get<double>(), 353.0);
        const Run text = runRoofscope({ "workload", "transformer", "--param", kLlama + ",memory_utilization=0.9",
            "--hardware", "nvidia-h100-sxm", "--chips", "8" });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("90 % of each chip's memory (memory_utilization)"), text.out.constData());
    }

    // A request mix on 8 x H100 (docs/serving.md#requests): the decode step of 64 requests at the mean
    // context 1024 + 1024/2 = 1536, and the memory where it is fullest, at 2048 tokens. By hand: the KV
    // cache is 80 layers x 2 x 8 KV heads x 128 x 2 B = 327,680 B per token; 64 x 2048 x 327,680 =
    // 42,949,672,960 B. One more request costs 2048 x 327,680 / 8 = 83,886,080 B per chip plus its norm
    // activations 3 x 8192 x 2 = 49,152 B: max_batch = floor((85,520,809,984 - 17,638,426,624) /
    // 83,935,232) = floor(808.75) = 808 requests, all on one replica.
    void workloadRequestMix()
    {
        const auto j = runJson({ "workload", "transformer", "--param", kLlamaShape, "--hardware", "nvidia-h100-sxm",
            "--chips", "8", "--isl", "1024", "--osl", "1024", "--concurrency", "64", "--json" });
        QVERIFY(j.is_object());
        const auto& d = j["devices"][0];
        for (const char* key : { "ttft_s", "tpot_s", "tokens_per_s_per_user", "run_tokens_per_s",
                 "run_tokens_per_s_lower", "run_tokens_per_s_upper", "requests" }) {
            QVERIFY2(d.contains(key) && !d[key].is_null(), key);
        }
        const auto& r = d["requests"];
        QCOMPARE(r["isl"].get<double>(), 1024.0);
        QCOMPARE(r["osl"].get<double>(), 1024.0);
        QCOMPARE(r["concurrency"].get<double>(), 64.0);
        QCOMPARE(r["requests_per_replica"].get<double>(), 64.0);
        QCOMPARE(r["mean_context"].get<double>(), 1536.0);
        QCOMPARE(r["fit_context"].get<double>(), 2048.0);
        QCOMPARE(r["max_concurrency"].get<double>(), 808.0);
        QVERIFY(r["figures"].contains("run_tokens_per_s") && r["figures"].contains("ttft_s"));
        QVERIFY(!r["assumptions"].empty());
        QCOMPARE(d["memory"]["kv_cache_bytes"].get<double>(), 42949672960.0);
        QCOMPARE(d["memory"]["max_batch"].get<double>(), 808.0);
        const double ttft = d["ttft_s"].get<double>();
        const double tpot = d["tpot_s"].get<double>();
        QCOMPARE(tpot, d["t_min_s"].get<double>()); // the step shown is the TPOT step
        ROOFSCOPE_COMPARE_REL(d["tokens_per_s_per_user"].get<double>(), 1.0 / tpot, 1e-12);
        const double run = d["run_tokens_per_s"].get<double>();
        const double lower = d["run_tokens_per_s_lower"].get<double>();
        const double upper = d["run_tokens_per_s_upper"].get<double>();
        ROOFSCOPE_COMPARE_REL(lower, 64.0 * 1024 / (1023 * tpot + 64 * ttft), 1e-12);
        ROOFSCOPE_COMPARE_REL(upper, 64.0 * 1024 / (1023 * tpot), 1e-12);
        QVERIFY2(lower <= run && run <= upper, qPrintable(QString("%1 %2 %3").arg(lower).arg(run).arg(upper)));
        ROOFSCOPE_COMPARE_REL(run, 64.0 * 1024 / (1023 * r["run_step_s"].get<double>()), 1e-12);
        // The verdict's answer carries the mix and the same figures.
        const auto& answer = j["answer"];
        QCOMPARE(answer["scenario"]["isl"].get<double>(), 1024.0);
        QCOMPARE(answer["scenario"]["concurrency"].get<double>(), 64.0);
        QCOMPARE(answer["devices"][0]["ttft_s"].get<double>(), ttft);
        QCOMPARE(answer["devices"][0]["tpot_s"].get<double>(), tpot);
        QCOMPARE(answer["devices"][0]["run_tokens_per_s"].get<double>(), run);
        QCOMPARE(answer["devices"][0]["batch"].get<double>(), 64.0);
        // The same as parameters, and as a named scenario.
        const auto asParameters
            = runJson({ "workload", "transformer", "--param", kLlamaShape + ",isl=1024,osl=1024,concurrency=64",
                "--hardware", "nvidia-h100-sxm", "--chips", "8", "--json" });
        QCOMPARE(asParameters["devices"][0]["run_tokens_per_s"].get<double>(), run);
        const auto scenario = runJson({ "workload", "transformer", "--param", kLlamaShape, "--hardware",
            "nvidia-h100-sxm", "--chips", "8", "--scenario", "1k/1k", "--concurrency", "64", "--json" });
        QCOMPARE(scenario["devices"][0]["run_tokens_per_s"].get<double>(), run);

        // Text: each figure by its name and what it is, then what they assume.
        const Run text = runRoofscope({ "workload", "transformer", "--param", kLlamaShape, "--hardware",
            "nvidia-h100-sxm", "--chips", "8", "--isl", "1024", "--osl", "1024", "--concurrency", "64" });
        QCOMPARE(text.exitCode, 0);
        for (const char* part : { "decode step of the request mix (the tpot_s step", "ttft_s ",
                 ": time to first token: the prefill of one request of 1024 tokens alone", "tpot_s ",
                 ": time per output token: the decode step with all 64 requests in flight", "tokens_per_s_per_user ",
                 "run_tokens_per_s ", "run_tokens_per_s_lower ", "run_tokens_per_s_upper ",
                 "assumed: ttft_s: the prefill of one request", "assumed: run_tokens_per_s: chunked prefill",
                 "assumed: fits and max_batch: every request's KV cache at its longest context" }) {
            QVERIFY2(text.out.contains(part), qPrintable(QString(part) + "\n" + QString::fromUtf8(text.out)));
        }
    }

    // A concurrency sweep of the 1k/1k mix ends at the 808 requests that fit (workloadRequestMix).
    void concurrencySweepOfARequestMix()
    {
        const auto j = runJson({ "sweep", "--hardware", "nvidia-h100-sxm", "--chips", "8", "--kernel", "transformer",
            "--param", kLlamaShape, "--scenario", "1k/1k", "--vary", "concurrency=1:1024:11", "--json" });
        QVERIFY(j.is_object());
        const auto& d = j["devices"][0];
        QCOMPARE(d["max_concurrency"].get<double>(), 808.0);
        QCOMPARE(d["points"].back()["value"].get<double>(), 808.0);
        for (const auto& p : d["points"]) {
            for (const char* key : { "ttft_s", "tpot_s", "tokens_per_s_per_user", "run_tokens_per_s" }) {
                QVERIFY2(p.contains(key), key);
            }
        }
        const Run text = runRoofscope({ "sweep", "--hardware", "nvidia-h100-sxm", "--chips", "8", "--kernel",
            "transformer", "--param", kLlamaShape, "--scenario", "1k/1k", "--vary", "concurrency=1:1024:11" });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("RUN TOKENS/S") && text.out.contains("max concurrency 808"), text.out.constData());
    }

    void badServingInputExitsWithTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QStringList base { "workload", "transformer", "--hardware", "nvidia-h100-sxm", "--chips", "8" };
        QTest::newRow("tp x pp x dp other than the chips") << (QStringList(base)
            << "--param" << kLlama + ",tp=4") << "tp x pp x dp = 4 x 1 x 1 = 4, but the device has 8 chips";
        QTest::newRow("negative price") << (QStringList(base) << "--param" << kLlama << "--price-per-hour"
                                                              << "-1")
                                        << "--price-per-hour";
        QTest::newRow("tdp not a power") << (QStringList(base) << "--param" << kLlama << "--tdp"
                                                               << "lots")
                                         << "--tdp";
        QTest::newRow("top_k without experts")
            << (QStringList(base) << "--param" << kLlama + ",top_k=2") << "need experts";
        QTest::newRow("unknown kv_shard")
            << (QStringList(base) << "--param" << kLlama + ",kv_shard=heads") << "kv_shard must be replicate or batch";
        QTest::newRow("memory_utilization above 1")
            << (QStringList(base) << "--param" << kLlama + ",memory_utilization=1.2")
            << "memory_utilization must be above 0 and at most 1";
        const QStringList mix { "workload", "transformer", "--hardware", "nvidia-h100-sxm", "--chips", "8", "--param",
            kLlamaShape, "--isl", "1024", "--osl", "1024" };
        QTest::newRow("batch and concurrency") << (QStringList(mix) << "--concurrency"
                                                                    << "64"
                                                                    << "--param"
                                                                    << "batch=8")
                                               << "give batch or concurrency, not both";
        QTest::newRow("isl 0") << (QStringList(base) << "--param" << kLlamaShape << "--isl"
                                                     << "0"
                                                     << "--osl"
                                                     << "16")
                               << "isl must be a whole number >= 1, got 0";
        QTest::newRow("isl twice") << (QStringList(mix) << "--param"
                                                        << "isl=8")
                                   << "--isl and --param isl both give isl";
        QTest::newRow("scenario and isl") << (QStringList(mix) << "--scenario"
                                                               << "8k/1k")
                                          << "--scenario gives isl";
        QTest::newRow("unknown scenario") << (QStringList(base) << "--param" << kLlamaShape << "--scenario"
                                                                << "2k/2k")
                                          << "expected one of 1k/1k, 1k/8k, 8k/1k";
        QTest::newRow("sweep of an unknown parameter") << QStringList { "sweep", "--hardware", "nvidia-h100-sxm",
            "--kernel", "transformer", "--param", kLlama, "--vary", "width=1:8" }
                                                       << "no parameter 'width'";
    }
    void badServingInputExitsWithTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run run = runRoofscope(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QVERIFY(run.out.isEmpty());
    }

    // A batch sweep on 8 x H100 ends at max_batch. By hand, per chip: weights 141,107,412,992 / 8 B;
    // one sequence's cache 85,899,345,920 / 64 / 8 B, and its activations in the largest kernel, the
    // norm every chip repeats, 3 x 8192 x 2 B. max_batch = floor((capacity - weights) / per sequence),
    // the capacity being nvidia-smi's 81,559 MiB = 85,520,809,984 B: (85,520,809,984 - 17,638,426,624) /
    // (167,772,160 + 49,152) = 67,882,383,360 / 167,821,312 = 404.49, so 404 (371 against a decimal 80 GB).
    void batchSweepEndsAtMaxBatch()
    {
        const auto j = runJson({ "sweep", "--hardware", "nvidia-h100-sxm", "--chips", "8", "--kernel", "transformer",
            "--param", kLlama, "--vary", "batch=1:1024", "--json" });
        QVERIFY(j.is_object());
        const double perSequence = kCache / 64 / 8 + 3.0 * 8192 * 2;
        const double capacity = 81559.0 * 1024 * 1024;
        const double maxBatch = std::floor((capacity - (kWeights - kNorms) / 8 - kNorms) / perSequence);
        QCOMPARE(maxBatch, 404.0);
        const auto& d = j["devices"][0];
        QCOMPARE(d["max_batch"].get<double>(), maxBatch);
        const auto& points = d["points"];
        QVERIFY(points.size() > 10);
        QCOMPARE(points.back()["value"].get<double>(), maxBatch);
        double previous = 0.0;
        for (const auto& p : points) {
            for (const char* key : { "value", "tokens_per_s", "t_min_s", "fits", "binding", "regime", "mfu", "mbu" }) {
                QVERIFY2(p.contains(key), key);
            }
            QVERIFY(p["fits"].get<bool>());
            QVERIFY(p["mfu"].get<double>() > 0.0 && p["mfu"].get<double>() <= 1.0);
            QVERIFY(p["mbu"].get<double>() > 0.0 && p["mbu"].get<double>() <= 1.0);
            QVERIFY(p["value"].get<double>() > previous);
            previous = p["value"].get<double>();
            ROOFSCOPE_COMPARE_REL(
                p["tokens_per_s"].get<double>(), p["value"].get<double>() / p["t_min_s"].get<double>(), 1e-12);
        }
        // More sequences per weight read: the decode step at max_batch uses more of the compute than at batch 1.
        QVERIFY(points.back()["mfu"].get<double>() > 10 * points.front()["mfu"].get<double>());
        // Text: the table ends with the same max batch.
        const Run text = runRoofscope({ "sweep", "--hardware", "nvidia-h100-sxm", "--chips", "8", "--kernel",
            "transformer", "--param", kLlama, "--vary", "batch=1:1024" });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("max batch 404 (the sweep ends there)"), text.out.constData());
    }

    // tp as the swept parameter: the device follows tp chips; one chip does not fit the 70B weights,
    // eight do.
    void tpSweepFollowsTheChips()
    {
        const auto j = runJson({ "sweep", "--hardware", "nvidia-h200-sxm", "--kernel", "transformer", "--param", kLlama,
            "--vary", "tp=1:8", "--json" });
        QVERIFY(j.is_object());
        const auto& points = j["devices"][0]["points"];
        QCOMPARE(points.front()["value"].get<double>(), 1.0);
        QVERIFY(!points.front()["fits"].get<bool>());
        QCOMPARE(points.back()["value"].get<double>(), 8.0);
        QVERIFY(points.back()["fits"].get<bool>());
        QVERIFY(points.back()["tokens_per_s"].get<double>() > points.front()["tokens_per_s"].get<double>());
    }

    void mapOverBatchAndSeq()
    {
        const auto j = runJson({ "map", "--hardware", "nvidia-h100-sxm", "--chips", "8", "--kernel", "transformer",
            "--param", kLlama, "--x", "batch=1:512", "--y", "seq=512:32768", "--steps", "4", "--json" });
        QVERIFY(j.is_object());
        QCOMPARE(j["cells"].size(), size_t(16));
        bool someFit = false;
        bool someDoNot = false;
        for (const auto& c : j["cells"]) {
            QVERIFY(c.contains("tokens_per_s") && c.contains("fits") && c.contains("t_min_s"));
            someFit = someFit || c["fits"].get<bool>();
            someDoNot = someDoNot || !c["fits"].get<bool>();
        }
        QVERIFY(someFit && someDoNot); // 512 sequences of 32k tokens do not fit 8 x 80 GB
        const Run text = runRoofscope({ "map", "--hardware", "nvidia-h100-sxm", "--chips", "8", "--kernel",
            "transformer", "--param", kLlama, "--x", "batch=1:512", "--y", "seq=512:32768", "--steps", "4" });
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("'x' does not fit"));
    }

    // The example session: two groups on five 8-chip devices, every serving key per device, rows
    // of N-wide devices carrying chips, and the first-ranked device fitting.
    void exampleSessionInCompareAndTable()
    {
        const QString session = QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/serving-70b.yaml");
        const auto compare = runJson({ "compare", "--session", session, "--format", "json" });
        QVERIFY(compare.is_object());
        QCOMPARE(compare["groups"].size(), size_t(2));
        QCOMPARE(compare["groups"][0]["name"].get<std::string>(), std::string("llama-3-70b"));
        for (const auto& group : compare["groups"]) {
            QCOMPARE(group["devices"].size(), size_t(5));
            bool first = false;
            for (const auto& d : group["devices"]) {
                for (const char* key : { "memory", "parallel", "t_min_with_launch_s", "tokens_per_s_t_max",
                         "collective_share", "usd_per_million_tokens", "joules_per_token", "tokens_per_s_per_chip",
                         "assumptions", "chips", "rank", "tokens_per_s", "mfu", "mbu" }) {
                    QVERIFY2(d.contains(key), key);
                }
                QCOMPARE(d["chips"].get<int>(), 8);
                QVERIFY(d["usd_per_million_tokens"].is_number()); // every device has a price
                // Fractions of the step's roofs at the bound: above 0, at most 1.
                QVERIFY(d["mfu"].get<double>() > 0.0 && d["mfu"].get<double>() <= 1.0);
                QVERIFY(d["mbu"].get<double>() > 0.0 && d["mbu"].get<double>() <= 1.0);
                if (d["rank"] == 1) {
                    first = true;
                    QVERIFY(d["memory"]["fits"].get<bool>());
                }
            }
            QVERIFY(first);
        }
        for (const auto& d : compare["devices"]) {
            QCOMPARE(d["chips"].get<int>(), 8);
        }
        const Run table = runRoofscope({ "table", "--session", session, "--format", "json" });
        QCOMPARE(table.exitCode, 0);
        const auto rows = nlohmann::json::parse(table.out.toStdString());
        size_t servingRows = 0;
        for (const auto& row : rows) {
            QCOMPARE(row["chips"].get<double>(), 8.0);
            if (row.contains("group")) {
                ++servingRows;
                QVERIFY(row.contains("memory") && row.contains("usd_per_million_tokens") && row.contains("rank"));
            }
        }
        QCOMPARE(servingRows, size_t(10));
        const Run text = runRoofscope({ "compare", "--session", session });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(
            text.out.contains("Serving 'mixtral-8x22b': mixtral-8x22b at batch 64: cheapest "), text.out.constData());
    }

    // A device that does not fit is never ranked first, however cheap: one H100 at 1 cent an hour
    // against 8 x H200.
    void notFittingIsNeverFirst()
    {
        QTemporaryDir dir;
        const QString path = writeSession(dir,
            "schema: roofscope-session/1\n"
            "devices:\n"
            "  - {id: nvidia-h100-sxm, price_per_hour: 0.01 USD/h}\n"
            "  - {id: nvidia-h200-sxm, chips: 8, price_per_hour: 3.59 USD/h}\n"
            "kernels:\n"
            "  - name: llama\n    template: transformer\n"
            "    params: {layers: 80, hidden: 8192, heads: 64, kv_heads: 8, ffn: 28672, vocab: 128256,\n"
            "             batch: 64, seq: 4096, phase: decode}\n");
        const auto j = runJson({ "compare", "--session", path, "--format", "json" });
        QVERIFY(j.is_object());
        const auto& devices = j["groups"][0]["devices"];
        QVERIFY(!devices[0]["memory"]["fits"].get<bool>());
        QVERIFY(
            devices[0]["usd_per_million_tokens"].get<double>() < devices[1]["usd_per_million_tokens"].get<double>());
        QVERIFY(devices[0]["rank"].is_null()); // unranked, with the reason in the answer
        QCOMPARE(devices[1]["rank"].get<int>(), 1);
        const auto& answer = j["answer"][0]["devices"];
        QVERIFY(answer[0]["ranks"]["usd_per_million_tokens"].is_null());
        QVERIFY2(answer[0]["why_unranked"].get<std::string>().rfind("does not fit: ", 0) == 0,
            answer[0]["why_unranked"].dump().c_str());
        // 141 GB of weights + 64 x 4096 x 80 x 2 x 8 x 128 x 2 B = 85.9 GB of KV cache = 227 GB: more than
        // two 80 GB chips hold, four do.
        QCOMPARE(answer[0]["min_chips"].get<double>(), 4.0);
        QCOMPARE(answer[1]["ranks"]["usd_per_million_tokens"].get<int>(), 1);
        QVERIFY(!j["devices"][0]["comparable"].get<bool>());
        QVERIFY(j["devices"][0]["caveats"].dump().find("does not fit") != std::string::npos);
    }

    // A group that no device can serve (tp 3 on 8 chips; 48 heads and 48 KV heads split by 3): every
    // output says so. compare's JSON has each device incomplete with the group left out and the reason,
    // every warning printed, no time (never "T_min 0 s"), and the verdict's reason per device; table
    // treats the session alike (warns, goes on) instead of refusing it.
    void aGroupNoDeviceServesIsInTheOutput()
    {
        QTemporaryDir dir;
        const QString path = writeSession(dir,
            "schema: roofscope-session/1\n"
            "devices:\n"
            "  - {id: nvidia-h100-sxm, chips: 8, price_per_hour: 2.99 USD/h}\n"
            "  - {id: amd-instinct-mi300x, chips: 8, price_per_hour: 1.85 USD/h}\n"
            "kernels:\n"
            "  - name: mha\n    template: transformer\n"
            "    params: {layers: 32, hidden: 6144, heads: 48, kv_heads: 48, ffn: 16384, vocab: 32000,\n"
            "             batch: 8, seq: 2048, tp: 3}\n");
        const auto j = runJson({ "compare", "--session", path, "--format", "json" });
        QVERIFY(j.is_object());
        const std::string reason = "transformer: tp x pp x dp = 3 x 1 x 1 = 3, but the device has 8 chips";
        for (const auto& d : j["devices"]) {
            QVERIFY(!d["complete"].get<bool>());
            QCOMPARE(d["left_out"].size(), size_t(1));
            QCOMPARE(d["left_out"][0]["kernel"].get<std::string>(), std::string("mha"));
            QCOMPARE(d["left_out"][0]["reason"].get<std::string>(), reason);
            QVERIFY(d["t_min_s"].is_null());
            QVERIFY(!d["comparable"].get<bool>());
        }
        QVERIFY(j["warnings"].size() >= 2);
        QVERIFY(j["warnings"].dump().find(reason) != std::string::npos);
        const auto& answer = j["answer"][0];
        QVERIFY2(answer["headline"].get<std::string>().find("no device can be ranked") != std::string::npos,
            answer["headline"].dump().c_str());
        for (const auto& d : answer["devices"]) {
            QCOMPARE(d["error"].get<std::string>(), reason);
            QCOMPARE(d["why_unranked"].get<std::string>(), reason);
            QVERIFY(d["ranks"]["tokens_per_s_per_chip"].is_null());
        }
        const Run text = runRoofscope({ "compare", "--session", path });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(!text.out.contains(" 0 s "), text.out.constData());
        const Run table = runRoofscope({ "table", "--session", path });
        QVERIFY2(table.exitCode == 0, table.err.constData());
        QVERIFY2(table.err.contains(reason.c_str()), table.err.constData());
        QVERIFY(table.out.contains("mha: no device can be ranked"));
    }

    // Serving benchmark imports: what a file does not say comes from flags, and the error names the flag;
    // bad flags are refused with their name; a run with everything becomes a session compare sets against
    // its bound; published runs and models list and show.
    void servingBenchmarkImports()
    {
        const QString bench = QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/serving-bench/");
        const QString vllm = bench + QStringLiteral("vllm-serve/results_qwen35_fp8_cc_tp4_isl1024_osl1024_conc4.json");
        Run noDevice = runRoofscope({ QStringLiteral("import"), QStringLiteral("vllm-serve"), vllm });
        QCOMPARE(noDevice.exitCode, 2);
        QVERIFY2(
            noDevice.err.contains("does not say the device it ran on: give --hardware ID"), noDevice.err.constData());
        Run noChips = runRoofscope({ QStringLiteral("import"), QStringLiteral("vllm-serve"), vllm,
            QStringLiteral("--hardware"), QStringLiteral("nvidia-b300-hgx") });
        QCOMPARE(noChips.exitCode, 2);
        QVERIFY2(noChips.err.contains("give --chips N"), noChips.err.constData());
        Run noIsl = runRoofscope({ QStringLiteral("import"), QStringLiteral("mlperf"),
            bench + QStringLiteral("mlperf-inference/Server/mlperf_log_summary.txt"), QStringLiteral("--hardware"),
            QStringLiteral("nvidia-h100-sxm"), QStringLiteral("--chips"), QStringLiteral("8") });
        QCOMPARE(noIsl.exitCode, 2);
        QVERIFY2(noIsl.err.contains("the mean input length: give --isl N"), noIsl.err.constData());
        for (const auto& [option, value, message] : std::vector<std::tuple<QString, QString, QByteArray>> {
                 { QStringLiteral("--hardware"), QStringLiteral("nvidia-h999"),
                     "--hardware: unknown device 'nvidia-h999'" },
                 { QStringLiteral("--model"), QStringLiteral("gpt-9"), "--model: unknown model 'gpt-9'" },
                 { QStringLiteral("--kv-dtype"), QStringLiteral("fp7"), "--kv-dtype: unknown precision 'fp7'" },
                 { QStringLiteral("--flags"), QStringLiteral("turbo"), "--flags: unknown flag 'turbo'" },
                 { QStringLiteral("--chips"), QStringLiteral("0"), "--chips must be at least 1" } }) {
            Run bad = runRoofscope({ QStringLiteral("import"), QStringLiteral("vllm-serve"), vllm, option, value });
            QCOMPARE(bad.exitCode, 2);
            QVERIFY2(bad.err.contains(message), bad.err.constData());
        }
        // Everything said: a session with the device, the model's group and the run, compared against its bound.
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("trtllm.yaml"));
        Run made = runRoofscope({ QStringLiteral("import"), QStringLiteral("trtllm-bench"),
            bench + QStringLiteral("trtllm-bench/report.json"), QStringLiteral("--hardware"),
            QStringLiteral("nvidia-h200-sxm"), QStringLiteral("--model"), QStringLiteral("llama-3-8b"),
            QStringLiteral("-o"), session });
        QVERIFY2(made.exitCode == 0, made.err.constData());
        const nlohmann::json compared = runJson({ QStringLiteral("compare"), QStringLiteral("--session"), session,
            QStringLiteral("--format"), QStringLiteral("json") });
        QVERIFY(compared.is_object());
        const nlohmann::json& measured = compared["groups"][0]["devices"][0]["measured"];
        QCOMPARE(measured.size(), std::size_t { 1 });
        QCOMPARE(measured[0]["tokens_per_s"].get<double>(), 4369.066666666667);
        const double efficiency = measured[0]["efficiency"]["tokens_per_s"].get<double>();
        QVERIFY(efficiency > 0.0 && efficiency <= 1.0);
        QCOMPARE(efficiency, 4369.066666666667 / measured[0]["bound_tokens_per_s"].get<double>());
        QCOMPARE(
            compared["answer"][0]["devices"][0]["measured"][0]["efficiency"]["tokens_per_s"].get<double>(), efficiency);
        // A run the session cannot place (no such group) is a warning, never dropped in silence.
        QFile sessionFile(session);
        QVERIFY(sessionFile.open(QIODevice::ReadOnly));
        QByteArray text = sessionFile.readAll();
        sessionFile.close();
        QVERIFY(text.contains("serving_runs:\n"));
        text.replace("serving_runs:\n",
            "serving_runs:\n  - {group: nope, device: nvidia-h200-sxm, chips: 1, isl: 10, osl: 10, "
            "output_tokens_per_s: 5}\n");
        QVERIFY(sessionFile.open(QIODevice::WriteOnly | QIODevice::Truncate));
        sessionFile.write(text);
        sessionFile.close();
        Run warned = runRoofscope({ QStringLiteral("compare"), QStringLiteral("--session"), session });
        QVERIFY2(warned.exitCode == 0, warned.err.constData());
        QVERIFY2(
            warned.err.contains("measures no transformer group of the session (group: nope)"), warned.err.constData());
        // The output file is never written when the import fails.
        const QString refused = dir.filePath(QStringLiteral("refused.yaml"));
        Run failed = runRoofscope(
            { QStringLiteral("import"), QStringLiteral("vllm-serve"), vllm, QStringLiteral("-o"), refused });
        QCOMPARE(failed.exitCode, 2);
        QVERIFY(!QFile::exists(refused));
        // Published runs and models.
        const nlohmann::json list = runJson({ QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--model"),
            QStringLiteral("llama-2-70b"), QStringLiteral("--json") });
        QVERIFY(list.is_array() && list.size() >= 10);
        for (const auto& run : list) {
            QCOMPARE(run["model"].get<std::string>(), std::string("llama-2-70b"));
            QVERIFY(!run["source"].get<std::string>().empty() && !run["cell"].get<std::string>().empty());
        }
        const nlohmann::json shown = runJson({ QStringLiteral("runs"), QStringLiteral("show"),
            QStringLiteral("tensorrt-llm-perf-overview-v0.17#29"), QStringLiteral("--json") });
        QCOMPARE(shown["output_tokens_per_s"].get<double>(), 5241.5);
        QVERIFY(shown["gap"]["efficiency"]["tokens_per_s"].get<double>() < 1.0);
        Run unknown = runRoofscope({ QStringLiteral("runs"), QStringLiteral("show"), QStringLiteral("nope#1") });
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.err.contains("no published run named 'nope#1'"));
        const nlohmann::json model = runJson({ QStringLiteral("models"), QStringLiteral("show"),
            QStringLiteral("Llama-3.1-405B"), QStringLiteral("--json") });
        QCOMPARE(model["id"].get<std::string>(), std::string("llama-3.1-405b"));
        QCOMPARE(model["params"]["layers"].get<double>(), 126.0);
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestCliServing)
#include "test_cli_serving.moc"
