#include "TestMain.h"
// The serving verdict: one answer per transformer group (operating point, fits, chips needed, ranks
// per criterion with the reason a device is unranked, the headline), computed once in core.
#include "TestUtil.h"
#include "analysis/SessionVerdict.h"
#include "io/HardwareLoader.h"
#include "io/VerdictFormat.h"
#include "model/ChipScaling.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/ServingStep.h"
#include "model/serving/Verdict.h"

#include <nlohmann/json.hpp>

#include <QTest>

using namespace roofscope;

namespace {

// Llama 3 70B (config.json of meta-llama/Meta-Llama-3-70B), decode at 4096 tokens of context.
Kernel llama70bGroup(double batch)
{
    Kernel k;
    k.name = "llama-3-70b";
    TemplateInstance t;
    t.name = kTransformerTemplate;
    t.params = { { "layers", 80 }, { "hidden", 8192 }, { "heads", 64 }, { "kv_heads", 8 }, { "ffn", 28672 },
        { "vocab", 128256 }, { "batch", batch }, { "seq", 4096 } };
    t.options = { { "phase", "decode" }, { "dtype", "bf16" } };
    k.templ = t;
    return k;
}

// Llama 3.1 405B (config.json of meta-llama/Llama-3.1-405B): 126 layers, hidden 16384, 128 heads, 8 KV
// heads, FFN 53248, vocabulary 128256.
Kernel llama405b()
{
    Kernel k = llama70bGroup(1);
    k.name = "llama-3.1-405b";
    k.templ->params = { { "layers", 126 }, { "hidden", 16384 }, { "heads", 128 }, { "kv_heads", 8 }, { "ffn", 53248 },
        { "vocab", 128256 }, { "batch", 1 }, { "seq", 4096 } };
    return k;
}

VerdictDeviceInput input(const HardwareDatabase& db, const std::string& id, double chips, double pricePerHour)
{
    VerdictDeviceInput in;
    const Hardware* hw = db.find(id);
    in.id = id;
    in.label = hw->shortLabel() + " x" + std::to_string(static_cast<int>(chips));
    in.chip = *hw;
    in.chips = chips;
    in.options.pricePerHourPerChip = pricePerHour;
    return in;
}

} // namespace

class TestVerdict : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_db.find("nvidia-h100-sxm"));
        QVERIFY(m_db.find("amd-instinct-mi300x"));
    }

    // usd_per_million_tokens_owned = 1e6 x (chips x price / (years x 8760 x 3600 x tokens/s x
    // utilisation) + J/token x usd_per_kwh / 3.6e6), by hand:
    //   capital: 8 x 15000 / (4 x 8760 x 3600 x 10000 x 0.5) = 120000 / 6.3072e11 = 1.902587519e-7 USD/token
    //   energy: 0.5 J x 0.1 USD/kWh / 3.6e6 J/kWh = 1.388888889e-8 USD/token
    //   sum x 1e6 = 0.1902587519 + 0.01388888889 = 0.2041476408
    void ownershipCostByHand()
    {
        VerdictCriteria c;
        c.years = 4.0;
        c.utilisation = 0.5;
        c.usdPerKwh = 0.1;
        const auto owned = ownedUsdPerMillionTokens(8.0, 15000.0, 10000.0, 0.5, c);
        QVERIFY(owned);
        ROOFSCOPE_COMPARE_REL(*owned, 0.2041476408, 1e-9);
        c.usdPerKwh.reset(); // capital only
        ROOFSCOPE_COMPARE_REL(*ownedUsdPerMillionTokens(8.0, 15000.0, 10000.0, 0.5, c), 0.1902587519, 1e-9);
        QVERIFY(!ownedUsdPerMillionTokens(8.0, std::nullopt, 10000.0, 0.5, c)); // no purchase price
    }

    // The operating point is the largest batch that meets the target and fits, moved down to the
    // smallest batch of the same tokens/s where the curve is flat; one more sequence breaks a rule.
    void operatingBatchIsTheLargestThatMeetsTheTarget()
    {
        const Hardware h100 = hardwareOnChips(*m_db.find("nvidia-h100-sxm"), 8);
        const TemplateInstance llama = *llama70bGroup(1).templ;
        for (const double target : { 20.0, 30.0, 50.0 }) {
            const auto batch = operatingBatch(llama, h100, {}, target);
            QVERIFY(batch);
            QCOMPARE(*batch, std::floor(*batch));
            TemplateInstance at = llama;
            at.params["batch"] = *batch;
            const ServingStep step = evaluateServing(at, h100, {});
            QVERIFY(step.tMin * 1e3 <= target);
            QVERIFY(step.memory.fits.value_or(true));
            at.params["batch"] = *batch + 1.0;
            const ServingStep next = evaluateServing(at, h100, {});
            const bool nextBreaks = next.tMin * 1e3 > target || !next.memory.fits.value_or(true);
            const bool flat = next.tokensPerSecond <= step.tokensPerSecond * (1.0 + 1e-9);
            QVERIFY2(nextBreaks || flat,
                qPrintable(QString("target %1: batch %2 + 1 still qualifies").arg(target).arg(*batch)));
            if (*batch > 1.0) { // one less gives less throughput (else the smaller batch would be the point)
                at.params["batch"] = *batch - 1.0;
                QVERIFY(evaluateServing(at, h100, {}).tokensPerSecond < step.tokensPerSecond * (1.0 - 1e-9));
            }
        }
        // A target that batch 1 misses: no operating point.
        QVERIFY(!operatingBatch(llama, h100, {}, 1e-3));
    }

    // 405B in bf16 is 810 GB of weights: 8 x 80 GB does not hold it; 16 chips do (by hand: 126 layers
    // x (2 x 16384 x 16384 [q, o] + 2 x 16384 x 1024 [k, v] + 3 x 16384 x 53248 [FFN]) + 2 x 128256 x
    // 16384 [embedding, head] = 405.8e9 parameters x 2 B = 811.7 GB; / 16 = 50.7 GB per chip).
    void minimumChipsOfAModelThatDoesNotFit()
    {
        const Kernel model = llama405b();
        VerdictCriteria criteria;
        const GroupVerdict v = groupVerdict(model, { input(m_db, "nvidia-h100-sxm", 8, 2.99) }, criteria, false);
        QCOMPARE(v.devices.size(), size_t(1));
        const VerdictDevice& d = v.devices.front();
        QVERIFY(d.error.empty());
        QVERIFY(!d.fits());
        QVERIFY(d.minChips);
        QCOMPARE(*d.minChips, 16.0);
        QCOMPARE(d.rank(VerdictCriterion::TokensPerSecondPerChip), 0);
        QVERIFY2(d.whyUnranked.find("does not fit") == 0, d.whyUnranked.c_str());
        QVERIFY2(d.whyUnranked.find("fits on 16 chips") != std::string::npos, d.whyUnranked.c_str());
        QVERIFY2(
            v.headline.find("H100 SXM x8 does not fit (fits on 16 chips)") != std::string::npos, v.headline.c_str());
        QVERIFY2(v.headline.find("no device can be ranked") != std::string::npos, v.headline.c_str());
    }

    // Sustained roofs: a device without sustained factors stays on its peaks, says so, and is not
    // ranked against derated ones.
    void sustainedRoofsWithoutFactorsAreNotRanked()
    {
        std::vector<VerdictDeviceInput> devices { input(m_db, "nvidia-h100-sxm", 8, 2.99),
            input(m_db, "amd-instinct-mi300x", 8, 1.85) };
        for (auto& d : devices) {
            d.options.eval.sustained = true;
        }
        const GroupVerdict v = groupVerdict(llama70bGroup(64), devices, {}, true);
        QCOMPARE(v.devices[0].roofs, std::string("sustained"));
        QCOMPARE(v.devices[1].roofs, std::string("peak (no sustained factors)"));
        QCOMPARE(v.devices[1].step.roofs, std::string("peak (no sustained factors)"));
        QVERIFY(v.devices[0].comparable);
        QVERIFY(!v.devices[1].comparable);
        for (const VerdictCriterion c : kVerdictCriteria) {
            QCOMPARE(v.devices[1].rank(c), 0);
        }
        QCOMPARE(v.devices[0].rank(VerdictCriterion::TokensPerSecondPerChip), 1);
        QVERIFY2(v.devices[1].whyUnranked.find("not comparable: peak roofs") == 0, v.devices[1].whyUnranked.c_str());
        QVERIFY2(v.headline.find("MI300X x8 is not comparable (peak roofs") != std::string::npos, v.headline.c_str());
        // Without sustained roofs both are peak and both ranked.
        for (auto& d : devices) {
            d.options.eval.sustained = false;
        }
        const GroupVerdict peak = groupVerdict(llama70bGroup(64), devices, {}, false);
        QVERIFY(peak.devices[1].comparable);
        QVERIFY(peak.devices[1].rank(VerdictCriterion::TokensPerSecondPerChip) > 0);
    }

    // No price: ranked on tokens/s per chip, not on $/Mtok, and never "misses the target".
    void aDeviceWithoutPriceIsRankedOnWhatItHas()
    {
        std::vector<VerdictDeviceInput> devices { input(m_db, "nvidia-h100-sxm", 8, 2.99),
            input(m_db, "google-tpu-v5p", 8, 0.0) };
        devices[1].options.pricePerHourPerChip.reset();
        VerdictCriteria criteria;
        criteria.targetMs = 50.0;
        const GroupVerdict v = groupVerdict(llama70bGroup(64), devices, criteria, false);
        const VerdictDevice& tpu = v.devices[1];
        QVERIFY(tpu.meetsTarget);
        QVERIFY(tpu.batch > 1.0);
        QVERIFY(tpu.rank(VerdictCriterion::TokensPerSecondPerChip) > 0);
        QCOMPARE(tpu.rank(VerdictCriterion::UsdPerMillionTokens), 0);
        QVERIFY2(tpu.whyUnranked.find("no hourly price: not ranked on $/Mtok") != std::string::npos,
            tpu.whyUnranked.c_str());
        QVERIFY(tpu.whyUnranked.find("target") == std::string::npos);
        QVERIFY2(v.headline.find("TPU v5p x8 has no price") != std::string::npos, v.headline.c_str());
    }

    // A target even batch 1 misses: the device is shown at batch 1 with the sentence the views print.
    void aMissedTargetSaysWhatBatchOneTakes()
    {
        VerdictCriteria criteria;
        criteria.targetMs = 1.0; // a 70B step takes longer than 1 ms on 8 H100
        const GroupVerdict v
            = groupVerdict(llama70bGroup(64), { input(m_db, "nvidia-h100-sxm", 8, 2.99) }, criteria, false);
        const VerdictDevice& d = v.devices.front();
        QCOMPARE(d.batch, 1.0);
        QVERIFY(!d.meetsTarget);
        QVERIFY2(d.whyUnranked.find("batch 1 takes ") == 0, d.whyUnranked.c_str());
        QVERIFY2(d.whyUnranked.find(" ms per token, over the 1 ms target") != std::string::npos, d.whyUnranked.c_str());
    }

    // Engines split whole heads: tp must divide heads, and kv_heads up to it (else be a multiple of it).
    void parallelShapesEnginesAccept_data()
    {
        QTest::addColumn<double>("tp");
        QTest::addColumn<QString>("error");
        QTest::newRow("tp 8 divides 64 heads and 8 KV heads") << 8.0 << QString();
        QTest::newRow("tp 16: a multiple of 8 KV heads") << 16.0 << QString();
        QTest::newRow("tp 6 over 64 heads") << 6.0 << QStringLiteral("tp (6) must divide heads (64)");
        QTest::newRow("tp 3 over 64 heads") << 3.0 << QStringLiteral("tp (3) must divide heads (64)");
        QTest::newRow("tp 32 over 8 KV heads, heads 64") << 32.0 << QString();
    }
    void parallelShapesEnginesAccept()
    {
        QFETCH(double, tp);
        QFETCH(QString, error);
        TemplateInstance t = *llama70bGroup(1).templ;
        t.params["tp"] = tp;
        const TransformerExpansion e = expandTransformer(t);
        QVERIFY2(QString::fromStdString(e.error).contains(error), e.error.c_str());
        QCOMPARE(e.error.empty(), error.isEmpty());
        // kv_heads 4 with tp 8 over heads 64 is fine (each KV head copied twice); kv_heads 4 with tp 3: refused.
        t.params["kv_heads"] = 4;
        t.params["tp"] = 8;
        QVERIFY(expandTransformer(t).error.empty());
    }

    // The JSON answer carries every figure with its batch, the ranks per criterion and the reasons.
    void answerJsonHasTheContract()
    {
        VerdictCriteria criteria;
        criteria.targetMs = 50.0;
        const GroupVerdict v = groupVerdict(llama70bGroup(64),
            { input(m_db, "nvidia-h100-sxm", 8, 2.99), input(m_db, "amd-instinct-mi300x", 8, 1.85) }, criteria, false);
        const nlohmann::json j = verdictToJson(v);
        QCOMPARE(j["group"].get<std::string>(), std::string("llama-3-70b"));
        QCOMPARE(j["target_ms"].get<double>(), 50.0);
        QCOMPARE(j["headline"].get<std::string>(), v.headline);
        for (size_t d = 0; d < 2; ++d) {
            const nlohmann::json& dev = j["devices"][d];
            QCOMPARE(dev["batch"].get<double>(), v.devices[d].batch);
            QCOMPARE(dev["tpot_s"].get<double>(), v.devices[d].step.tMin);
            QCOMPARE(dev["usd_per_million_tokens"].get<double>(), *v.devices[d].step.cost.usdPerMillionTokens);
            QVERIFY(dev["ranks"].contains("tokens_per_s_per_chip"));
            QVERIFY(dev["ranks"].contains("usd_per_million_tokens"));
            QVERIFY(dev["ranks"].contains("joules_per_token"));
            QVERIFY(dev.contains("why_unranked") && dev.contains("min_chips") && dev.contains("comparable"));
        }
        // The headline names the cheapest with its batch, as the device lines do.
        const size_t cheapest = v.devices[0].rank(VerdictCriterion::UsdPerMillionTokens) == 1 ? 0 : 1;
        const std::string batch = "at batch " + formatNumber(v.devices[cheapest].batch, 12);
        QVERIFY2(v.headline.find("cheapest " + v.devices[cheapest].label) != std::string::npos, v.headline.c_str());
        QVERIFY2(v.headline.find(batch) != std::string::npos, v.headline.c_str());
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestVerdict)
#include "test_verdict.moc"
