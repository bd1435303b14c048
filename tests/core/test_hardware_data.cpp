// The shipped hardware/ files are data under test: all load cleanly, cite sources, carry the seeds' figures,
// and pass the trap checks (sparse quoted as dense, fp8 not twice bf16, unused sources, bad URLs, third-party
// figures not marked as estimates). Each check is a function that returns its findings, so the last tests can
// show that every check catches a deliberately broken copy of a shipped file.
#include "TestMain.h"
#include "TestUtil.h"
#include "io/HardwareLoader.h"
#include "model/Units.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <algorithm>
#include <set>

using namespace roofscope;

namespace {

// Known exceptions, each with the reason; a listed exception that no longer occurs fails the test, so the
// lists cannot go stale.
struct Exception {
    const char* id;
    const char* precision;
    double ratio; // the ratio the vendor's figures do have (checked, so a new error is not hidden)
    const char* reason;
};

// fp8 dense = 2 x bf16 dense for NVIDIA and AMD parts, except:
const Exception kFp8Exceptions[] = {
    { "nvidia-l40s", "fp8", 733 / 362.05, "NVIDIA prints 733 dense FP8 against 362.05 dense BF16 (2.025x)" },
};

// sparse = 2 x dense wherever both are given, except:
const Exception kSparseExceptions[] = {
    { "nvidia-l40s", "bf16", 733 / 362.05, "NVIDIA prints 362.05 dense and 733 sparse (2.025x)" },
    { "nvidia-l40s", "fp16", 733 / 362.05, "NVIDIA prints 362.05 dense and 733 sparse (2.025x)" },
    { "nvidia-b300-hgx", "fp4", 18.0 / 13.125,
        "Blackwell Ultra raised the dense FP4 rate only: 18 sparse, 13.125 dense" },
    { "nvidia-gb300", "fp4", 20.0 / 15.0, "Blackwell Ultra raised the dense FP4 rate only: 20 sparse, 15 dense" },
    { "aws-trainium2", "fp8", 2563.0 / 1299.0, "AWS prints one sparse figure, 2,563, for FP8/FP16/BF16/TF32" },
    { "aws-trainium2", "bf16", 2563.0 / 667.0, "AWS prints one sparse figure, 2,563, for FP8/FP16/BF16/TF32" },
    { "aws-trainium2", "fp16", 2563.0 / 667.0, "AWS prints one sparse figure, 2,563, for FP8/FP16/BF16/TF32" },
    { "aws-trainium2", "tf32", 2563.0 / 667.0, "AWS prints one sparse figure, 2,563, for FP8/FP16/BF16/TF32" },
    { "aws-trainium3", "bf16", 2517.0 / 671.0, "AWS prints 2,517 sparse for FP16/BF16/TF32, 3.75x the dense 671" },
    { "aws-trainium3", "fp16", 2517.0 / 671.0, "AWS prints 2,517 sparse for FP16/BF16/TF32, 3.75x the dense 671" },
    { "aws-trainium3", "tf32", 2517.0 / 671.0, "AWS prints 2,517 sparse for FP16/BF16/TF32, 3.75x the dense 671" },
};

// A dense peak equal to another part's sparse figure of the same precision, by coincidence:
struct Coincidence {
    const char* denseId;
    const char* sparseId;
    const char* precision;
    const char* reason;
};
const Coincidence kCoincidences[] = {
    { "amd-instinct-mi355x", "aws-trainium3", "bf16", "MI355X dense 2,516.6 vs Trainium3 sparse 2,517" },
    { "amd-instinct-mi355x", "aws-trainium3", "fp16", "MI355X dense 2,516.6 vs Trainium3 sparse 2,517" },
};

// NVIDIA data-centre parts without an l1 level:
const Exception kL1Exceptions[] = {
    { "nvidia-h20", "", 0.0, "no published datasheet or SM clock; the capped tensor rate gives no clock either" },
};

// Hosts of vendor documentation; a figure whose source URL is elsewhere is third-party and must be an estimate.
const char* const kVendorHosts[] = { "nvidia.com", "amd.com", "google.com", "intel.com", "amazon.com",
    "awsdocs-neuron.readthedocs-hosted.com", "apple.com", "habana.ai" };

// The capacity of every device's main memory (its default level), in bytes, as the vendor's tools report it
// (a marked estimate where no reading is published); 0 where the file gives none (a CPU's DIMMs vary). A
// capacity that changes in a file fails this table until the new figure is written here by hand.
constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = 1024.0 * kMiB;
struct PinnedCapacity {
    const char* id;
    double bytes;
};
const PinnedCapacity kCapacities[] = {
    { "nvidia-h100-sxm", 81559 * kMiB }, // nvidia-smi
    { "nvidia-h100-pcie", 80 * kGiB }, // estimate
    { "nvidia-h100-nvl", 95830 * kMiB }, // nvidia-smi
    { "nvidia-h200-sxm", 143771 * kMiB }, // nvidia-smi
    { "nvidia-gh200", 144 * kGiB }, // estimate
    { "nvidia-h20", 97871 * kMiB }, // nvidia-smi
    { "nvidia-a100-sxm-80gb", 81920 * kMiB }, // nvidia-smi
    { "nvidia-a100-sxm-40gb", 40960 * kMiB }, // nvidia-smi
    { "nvidia-b200", 183359 * kMiB }, // nvidia-smi
    { "nvidia-gb200", 186 * kGiB }, // estimate
    { "nvidia-b300-hgx", 288 * kGiB }, // estimate
    { "nvidia-gb300", 288 * kGiB }, // estimate
    { "nvidia-l40s", 46068 * kMiB }, // nvidia-smi
    { "nvidia-l4", 23034 * kMiB }, // nvidia-smi
    { "nvidia-rtx-4090", 24564 * kMiB }, // nvidia-smi
    { "nvidia-rtx-5090", 32607 * kMiB }, // nvidia-smi
    { "nvidia-rtx-pro-6000-blackwell-server", 97887 * kMiB }, // nvidia-smi
    { "nvidia-grace-cpu-superchip", 960e9 }, // estimate
    { "amd-instinct-mi300x", 206141652992.0 }, // rocm-smi
    { "amd-instinct-mi325x", 256 * kGiB }, // estimate
    { "amd-instinct-mi350x", 288 * kGiB }, // estimate
    { "amd-instinct-mi355x", 288 * kGiB }, // estimate
    { "amd-instinct-mi250x", 128 * kGiB }, // estimate
    { "amd-instinct-mi210", 64 * kGiB }, // estimate
    { "google-tpu-v4", 32 * kGiB }, // estimate
    { "google-tpu-v5e", 16 * kGiB }, // estimate
    { "google-tpu-v5p", 95 * kGiB }, // estimate
    { "google-tpu-v6e", 32 * kGiB }, // estimate
    { "google-tpu-v7x", 192 * kGiB }, // estimate
    { "intel-gaudi-2", 96 * kGiB }, // estimate
    { "intel-gaudi-3", 128 * kGiB }, // estimate
    { "aws-trainium2", 96 * kGiB }, // estimate
    { "aws-trainium3", 144 * kGiB }, // estimate
    { "aws-inferentia2", 32 * kGiB }, // estimate
    { "apple-m4-max", 128 * kGiB }, // estimate
    { "amd-epyc-9654", 0 },
    { "amd-epyc-9965", 0 },
    { "intel-xeon-6980p", 0 },
};

// Tools whose published output may source a capacity from a public thread (not a vendor host).
const char* const kCapacityTools[] = { "nvidia-smi", "rocm-smi", "amd-smi", "hl-smi", "neuron-top" };

constexpr double kRatioTolerance = 0.005; // vendors round their printed figures
constexpr double kEqualTolerance = 1e-3;

const Exception* listed(
    const Exception* begin, const Exception* end, const std::string& id, const std::string& precision)
{
    const Exception* e
        = std::find_if(begin, end, [&](const Exception& x) { return id == x.id && precision == x.precision; });
    return e == end ? nullptr : e;
}

std::string hostOf(const std::string& url)
{
    const std::string scheme = "https://";
    if (url.rfind(scheme, 0) != 0) {
        return {};
    }
    const auto end = url.find('/', scheme.size());
    return end == std::string::npos ? std::string {} : url.substr(scheme.size(), end - scheme.size());
}

// https://host.tld/path with no spaces or quotes; the host has a dot and only host characters.
bool wellFormedUrl(const std::string& url)
{
    const std::string host = hostOf(url);
    if (host.empty() || host.find('.') == std::string::npos || host.front() == '.' || host.back() == '.') {
        return false;
    }
    const bool hostChars = std::all_of(host.begin(), host.end(),
        [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'; });
    const bool pathChars = std::none_of(url.begin(), url.end(),
        [](char c) { return c == ' ' || c == '"' || c == '<' || c == '>' || c == '\\' || c < 0x21; });
    return hostChars && pathChars;
}

bool vendorHost(const std::string& host)
{
    return std::any_of(std::begin(kVendorHosts), std::end(kVendorHosts), [&](const char* v) {
        const std::string vendor = v;
        return host == vendor
            || (host.size() > vendor.size() && host.compare(host.size() - vendor.size(), vendor.size(), vendor) == 0
                && host[host.size() - vendor.size() - 1] == '.');
    });
}

const SourceRef* findSource(const Hardware& hw, const std::string& id)
{
    for (const auto& s : hw.sources) {
        if (s.id == id) {
            return &s;
        }
    }
    return nullptr;
}

bool thirdParty(const Hardware& hw, const std::string& sourceId)
{
    const SourceRef* s = findSource(hw, sourceId);
    return s && !s->url.empty() && !vendorHost(hostOf(s->url));
}

using Findings = std::vector<std::string>;

Findings fp8TwiceBf16(const Hardware& hw)
{
    Findings out;
    const auto fp8 = hw.peak("fp8");
    const auto bf16 = hw.peak("bf16");
    if ((hw.vendor != "NVIDIA" && hw.vendor != "AMD") || !fp8 || !bf16) {
        return out;
    }
    const Exception* e = listed(std::begin(kFp8Exceptions), std::end(kFp8Exceptions), hw.id, "fp8");
    const double expected = e ? e->ratio : 2.0;
    if (!test::closeRel(*fp8, expected * *bf16, kRatioTolerance)) {
        out.push_back(hw.id + ": fp8 " + formatNumber(*fp8 / 1e12, 6) + " T is not " + formatNumber(expected, 4)
            + " x bf16 " + formatNumber(*bf16 / 1e12, 6) + " T" + (e ? " (the listed exception)" : ""));
    }
    return out;
}

Findings sparseTwiceDense(const Hardware& hw)
{
    Findings out;
    for (const auto& c : hw.compute) {
        if (!c.sparseFlopsPerSecond) {
            continue;
        }
        const Exception* e = listed(std::begin(kSparseExceptions), std::end(kSparseExceptions), hw.id, c.precision);
        const double expected = e ? e->ratio : 2.0;
        if (!test::closeRel(*c.sparseFlopsPerSecond, expected * c.flopsPerSecond, kRatioTolerance)) {
            out.push_back(hw.id + ": " + c.precision + " sparse " + formatNumber(*c.sparseFlopsPerSecond / 1e12, 6)
                + " T is not " + formatNumber(expected, 4) + " x dense " + formatNumber(c.flopsPerSecond / 1e12, 6)
                + " T" + (e ? " (the listed exception)" : ""));
        }
    }
    return out;
}

Findings denseIsNotAnotherSparse(const std::vector<Hardware>& devices)
{
    Findings out;
    for (const auto& dense : devices) {
        for (const auto& d : dense.compute) {
            for (const auto& sparse : devices) {
                if (sparse.id == dense.id) {
                    continue;
                }
                for (const auto& s : sparse.compute) {
                    if (s.precision != d.precision || !s.sparseFlopsPerSecond
                        || !test::closeRel(d.flopsPerSecond, *s.sparseFlopsPerSecond, kEqualTolerance)) {
                        continue;
                    }
                    const bool known
                        = std::any_of(std::begin(kCoincidences), std::end(kCoincidences), [&](const Coincidence& c) {
                              return dense.id == c.denseId && sparse.id == c.sparseId && d.precision == c.precision;
                          });
                    if (!known) {
                        out.push_back(dense.id + ": dense " + d.precision + " "
                            + formatNumber(d.flopsPerSecond / 1e12, 6) + " T equals the sparse figure of " + sparse.id
                            + " (a sparse figure quoted as dense?)");
                    }
                }
            }
        }
    }
    return out;
}

Findings everySourceUsed(const Hardware& hw)
{
    std::set<std::string> used;
    for (const auto& c : hw.compute) {
        used.insert(c.source);
    }
    for (const auto& l : hw.levels) {
        used.insert(l.source);
        used.insert(l.collectiveSource);
        used.insert(l.switchReductionSource);
    }
    for (const auto& c : hw.ceilings) {
        used.insert(c.source);
    }
    for (const auto& l : hw.levels) {
        used.insert(l.capacitySource);
    }
    used.insert(hw.launchOverheadSource);
    used.insert(hw.sustainedSource);
    Findings out;
    for (const auto& s : hw.sources) {
        // A source the notes cite as [id] (a cross-check) counts as used.
        if (!used.count(s.id) && hw.notes.find("[" + s.id + "]") == std::string::npos) {
            out.push_back(hw.id + ": source '" + s.id + "' is cited by no figure and not by the notes");
        }
    }
    return out;
}

Findings urlsWellFormed(const Hardware& hw)
{
    Findings out;
    for (const auto& s : hw.sources) {
        if (!s.url.empty() && !wellFormedUrl(s.url)) {
            out.push_back(hw.id + ": source '" + s.id + "' url '" + s.url + "' is not https://host/...");
        }
    }
    return out;
}

Findings thirdPartyMarkedEstimate(const Hardware& hw)
{
    Findings out;
    for (const auto& c : hw.compute) {
        if (thirdParty(hw, c.source) && !c.estimate) {
            out.push_back(hw.id + ": " + c.unit + " " + c.precision + " cites third-party '" + c.source
                + "' but is not marked estimate");
        }
    }
    for (const auto& l : hw.levels) {
        if (thirdParty(hw, l.source) && !l.estimate) {
            out.push_back(
                hw.id + ": level " + l.name + " cites third-party '" + l.source + "' but is not marked estimate");
        }
    }
    return out;
}

// The serving model's collectives (docs/model.md#collectives): the scale-up level (the first interconnect)
// of every multi-chip part gives what one chip injects into a ring (collective_bandwidth, one direction)
// and a per-hop latency, sourced or marked estimate; the notes state the direction convention of the link
// figures. CPUs are single parts here.
Findings scaleUpLinkHasCollectiveFigures(const Hardware& hw)
{
    Findings out;
    const BandwidthLevel* link = nullptr;
    for (const auto& l : hw.levels) {
        if (l.kind == LevelKind::Interconnect) {
            link = &l;
            break;
        }
    }
    if (!link || hw.kind == "cpu") {
        return out;
    }
    if (!link->collectiveBytesPerSecond || !link->latencySeconds) {
        out.push_back(hw.id + ": scale-up level " + link->name + " lacks collective_bandwidth or latency");
        return out;
    }
    const std::string source = link->collectiveSource.empty() ? link->source : link->collectiveSource;
    if (thirdParty(hw, source) && !link->collectiveEstimate) {
        out.push_back(hw.id + ": " + link->name + "'s collective figures cite third-party '" + source
            + "' but are not marked collective_estimate");
    }
    if (hw.notes.find("irection") == std::string::npos) { // "Direction convention", "both directions"
        out.push_back(hw.id + ": the notes do not state the direction convention of the link figures");
    }
    return out;
}

// A capacity is what the vendor's tools report: the main memory's capacity names its own source
// (capacity_source), and a capacity whose source is neither the vendor's documentation nor a published
// reading of the vendor's tool (a public thread whose title names the tool) is marked capacity_estimate.
// Every other capacity (caches) has a source through its level.
Findings capacitiesSourced(const Hardware& hw)
{
    Findings out;
    const BandwidthLevel* main = hw.defaultLevelPtr();
    for (const auto& l : hw.levels) {
        if (!l.capacityBytes) {
            continue;
        }
        const std::string source = l.capacitySource.empty() ? l.source : l.capacitySource;
        if (source.empty()) {
            out.push_back(hw.id + ": level " + l.name + " has a capacity without a source");
            continue;
        }
        if (&l == main && l.capacitySource.empty()) {
            out.push_back(hw.id + ": the main memory's capacity has no capacity_source");
        }
        const SourceRef* s = findSource(hw, source);
        const bool toolReading = s
            && std::any_of(std::begin(kCapacityTools), std::end(kCapacityTools),
                [&](const char* tool) { return s->title.find(tool) != std::string::npos; })
            && (s->url.find("/issues/") != std::string::npos || s->url.find("/pull/") != std::string::npos);
        const bool estimate = l.capacitySource.empty() ? l.estimate : l.capacityEstimate;
        if (thirdParty(hw, source) && !toolReading && !estimate) {
            out.push_back(hw.id + ": level " + l.name + "'s capacity cites third-party '" + source
                + "', which is no tool reading, but is not marked capacity_estimate");
        }
    }
    return out;
}

Findings capacityPinned(const Hardware& hw)
{
    Findings out;
    const auto* pinned = std::find_if(
        std::begin(kCapacities), std::end(kCapacities), [&](const PinnedCapacity& p) { return hw.id == p.id; });
    if (pinned == std::end(kCapacities)) {
        out.push_back(hw.id + ": no pinned capacity in this test");
        return out;
    }
    const BandwidthLevel* main = hw.defaultLevelPtr();
    const bool has = main && main->capacityBytes.has_value();
    const double capacity = has ? main->capacityBytes.value_or(0.0) : 0.0;
    if (pinned->bytes == 0 ? has : !(has && test::closeRel(capacity, pinned->bytes, 1e-12))) {
        out.push_back(hw.id + ": main-memory capacity " + (has ? formatNumber(capacity, 15) : "none")
            + " B is not the pinned " + formatNumber(pinned->bytes, 15) + " B");
    }
    return out;
}

// The launch overhead is an extra figure (t_min_with_launch_s, never T_min) with its own source and, as a
// typical figure rather than a specification, marked launch_overhead_estimate unless a vendor gives it.
// Every NVIDIA GPU carries one.
Findings launchOverheadSourced(const Hardware& hw)
{
    Findings out;
    if (hw.launchOverheadSeconds) {
        if (hw.launchOverheadSource.empty()) {
            out.push_back(hw.id + ": launch_overhead without launch_overhead_source");
        } else if (thirdParty(hw, hw.launchOverheadSource) && !hw.launchOverheadEstimate) {
            out.push_back(hw.id + ": launch_overhead cites third-party '" + hw.launchOverheadSource
                + "' but is not marked launch_overhead_estimate");
        }
    } else if (hw.vendor == "NVIDIA" && hw.kind == "gpu") {
        out.push_back(hw.id + ": NVIDIA GPU without a launch_overhead");
    }
    return out;
}

Findings nvidiaDataCentreHasL1(const Hardware& hw)
{
    Findings out;
    const bool dataCentre = hw.vendor == "NVIDIA" && hw.kind == "gpu" && hw.family != "GeForce";
    if (!dataCentre || listed(std::begin(kL1Exceptions), std::end(kL1Exceptions), hw.id, "")) {
        return out;
    }
    const BandwidthLevel* l1 = hw.findLevel("l1");
    if (!l1) {
        out.push_back(hw.id + ": NVIDIA data-centre part without an l1 level");
    } else if (!l1->estimate && thirdParty(hw, l1->source)) {
        out.push_back(hw.id + ": l1 is neither vendor-sourced nor marked estimate");
    }
    return out;
}

QByteArray joinedFindings(const Findings& findings)
{
    QStringList lines;
    for (const auto& f : findings) {
        lines << QString::fromStdString(f);
    }
    return lines.join("\n").toUtf8();
}

QString shippedText(const QString& file)
{
    QFile f(QStringLiteral(ROOFSCOPE_HARDWARE_DIR "/") + file);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class TestHardwareData : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase() { m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR); }

    void everyFileLoadsCleanly()
    {
        for (const auto& d : m_db.diagnostics()) {
            qWarning("%s", d.toString().c_str());
        }
        QVERIFY(m_db.diagnostics().empty());
        const auto files = QDir(ROOFSCOPE_HARDWARE_DIR).entryList({ "*.yaml" });
        QCOMPARE(m_db.devices().size(), static_cast<size_t>(files.size()));
    }

    void requiredDevicesArePresent_data()
    {
        QTest::addColumn<QString>("id");
        for (const char* id : { "google-tpu-v4", "google-tpu-v5e", "google-tpu-v5p", "google-tpu-v6e", "google-tpu-v7x",
                 "nvidia-a100-sxm-80gb", "nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-b200", "amd-instinct-mi300x",
                 "amd-instinct-mi325x", "intel-gaudi-3", "amd-epyc-9654", "nvidia-b300-hgx", "nvidia-gb200",
                 "nvidia-gb300", "nvidia-l40s", "nvidia-l4", "nvidia-h20", "nvidia-rtx-4090", "nvidia-rtx-5090",
                 "nvidia-a100-sxm-40gb", "nvidia-h100-pcie", "amd-instinct-mi355x", "amd-instinct-mi350x",
                 "amd-instinct-mi250x", "intel-gaudi-2", "aws-trainium2", "aws-trainium3", "aws-inferentia2",
                 "intel-xeon-6980p", "amd-epyc-9965", "nvidia-grace-cpu-superchip", "apple-m4-max", "nvidia-gh200",
                 "nvidia-rtx-pro-6000-blackwell-server", "nvidia-h100-nvl" }) {
            QTest::newRow(id) << id;
        }
    }
    void requiredDevicesArePresent()
    {
        QFETCH(QString, id);
        const Hardware* hw = m_db.find(id.toStdString());
        QVERIFY(hw);
        QVERIFY(!hw->sources.empty());
        QVERIFY(hw->defaultLevelPtr());
        QVERIFY(!hw->mainPrecision().empty());
        for (const auto& c : hw->compute) {
            QVERIFY(!c.source.empty());
            if (c.sparseFlopsPerSecond) {
                QVERIFY2(*c.sparseFlopsPerSecond > c.flopsPerSecond, "a sparse figure must exceed the dense peak");
            }
        }
        for (const auto& l : hw->levels) {
            QVERIFY(!l.source.empty());
        }
    }

    void seedFigures_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("hbm");
        QTest::newRow("v5e (seed 000 s3.1)") << "google-tpu-v5e"
                                             << "bf16"
                                             << "" << 1.97e14 << 8.2e11;
        QTest::newRow("v5e int8 (seed 000 s6.1)") << "google-tpu-v5e"
                                                  << "int8"
                                                  << "" << 3.94e14 << 8.2e11;
        QTest::newRow("v6e (seed 001)") << "google-tpu-v6e"
                                        << "bf16"
                                        << "" << 918e12 << 1.6e12;
        QTest::newRow("v5p MXU (seed 001)") << "google-tpu-v5p"
                                            << "bf16"
                                            << "mxu" << 459e12 << 2.76e12;
        QTest::newRow("v5p VPU (seed 000 s3.5)") << "google-tpu-v5p"
                                                 << "bf16"
                                                 << "vpu" << 7e12 << 2.76e12;
        QTest::newRow("v7x bf16 (seed 001)") << "google-tpu-v7x"
                                             << "bf16"
                                             << "" << 2307e12 << 7.2e12;
        QTest::newRow("v7x fp8 (seed 001)") << "google-tpu-v7x"
                                            << "fp8"
                                            << "" << 4614e12 << 7.2e12;
        QTest::newRow("H100 (seed 000 s3.3)") << "nvidia-h100-sxm"
                                              << "bf16"
                                              << "" << 9.89e14 << 3.35e12;
    }
    void seedFigures()
    {
        QFETCH(QString, id);
        QFETCH(QString, precision);
        QFETCH(QString, unit);
        QFETCH(double, peak);
        QFETCH(double, hbm);
        const Hardware* hw = m_db.find(id.toStdString());
        QVERIFY(hw);
        auto p = hw->peak(precision.toStdString(), unit.toStdString());
        QVERIFY(p);
        ROOFSCOPE_COMPARE_REL(*p, peak, 1e-12);
        ROOFSCOPE_COMPARE_REL(hw->findLevel("hbm")->bytesPerSecond, hbm, 1e-12);
    }

    void sustainedFactorsOfTheSeeds()
    {
        ROOFSCOPE_COMPARE_REL(m_db.find("nvidia-h100-sxm")->sustained->compute, 0.80, 1e-12);
        ROOFSCOPE_COMPARE_REL(m_db.find("google-tpu-v6e")->sustained->compute, 0.95, 1e-12);
    }

    void profilerLevelNamesResolve()
    {
        // Nsight Compute names device memory "dram": it must land on the HBM roof.
        const Hardware* h100 = m_db.find("nvidia-h100-sxm");
        QVERIFY(h100->findLevel("dram"));
        QCOMPARE(h100->findLevel("dram")->name, std::string("hbm"));
    }

    void catalogueHasAtLeastThirtyDevices() { QVERIFY(m_db.devices().size() >= 30); }

    void perDeviceChecks_data()
    {
        QTest::addColumn<QString>("id");
        for (const auto& hw : m_db.devices()) {
            QTest::newRow(hw.id.c_str()) << QString::fromStdString(hw.id);
        }
    }
    void perDeviceChecks()
    {
        QFETCH(QString, id);
        const Hardware* hw = m_db.find(id.toStdString());
        QVERIFY(hw);
        QVERIFY2(fp8TwiceBf16(*hw).empty(), joinedFindings(fp8TwiceBf16(*hw)));
        QVERIFY2(sparseTwiceDense(*hw).empty(), joinedFindings(sparseTwiceDense(*hw)));
        QVERIFY2(everySourceUsed(*hw).empty(), joinedFindings(everySourceUsed(*hw)));
        QVERIFY2(urlsWellFormed(*hw).empty(), joinedFindings(urlsWellFormed(*hw)));
        QVERIFY2(thirdPartyMarkedEstimate(*hw).empty(), joinedFindings(thirdPartyMarkedEstimate(*hw)));
        QVERIFY2(nvidiaDataCentreHasL1(*hw).empty(), joinedFindings(nvidiaDataCentreHasL1(*hw)));
        QVERIFY2(scaleUpLinkHasCollectiveFigures(*hw).empty(), joinedFindings(scaleUpLinkHasCollectiveFigures(*hw)));
        QVERIFY2(capacitiesSourced(*hw).empty(), joinedFindings(capacitiesSourced(*hw)));
        QVERIFY2(capacityPinned(*hw).empty(), joinedFindings(capacityPinned(*hw)));
        QVERIFY2(launchOverheadSourced(*hw).empty(), joinedFindings(launchOverheadSourced(*hw)));
    }

    // Every pinned capacity names a shipped device (else the table is stale).
    void pinnedCapacitiesNameShippedFiles()
    {
        for (const auto& p : kCapacities) {
            QVERIFY2(m_db.find(p.id), p.id);
        }
        QCOMPARE(std::size(kCapacities), m_db.devices().size());
    }

    void noDensePeakIsAnotherPartsSparseFigure()
    {
        const Findings findings = denseIsNotAnotherSparse(m_db.devices());
        QVERIFY2(findings.empty(), joinedFindings(findings));
        // Every listed coincidence still occurs (else the list is stale).
        for (const auto& c : kCoincidences) {
            const Hardware* dense = m_db.find(c.denseId);
            const Hardware* sparse = m_db.find(c.sparseId);
            QVERIFY2(dense && sparse, c.reason);
            bool found = false;
            for (const auto& d : dense->compute) {
                for (const auto& s : sparse->compute) {
                    found = found
                        || (d.precision == c.precision && s.precision == c.precision && s.sparseFlopsPerSecond
                            && test::closeRel(d.flopsPerSecond, *s.sparseFlopsPerSecond, kEqualTolerance));
                }
            }
            QVERIFY2(found, c.reason);
        }
    }

    void listedExceptionsNameShippedFiles()
    {
        std::vector<const Exception*> all;
        for (const auto& e : kFp8Exceptions) {
            all.push_back(&e);
        }
        for (const auto& e : kSparseExceptions) {
            all.push_back(&e);
        }
        for (const auto& e : kL1Exceptions) {
            all.push_back(&e);
        }
        for (const Exception* e : all) {
            QVERIFY2(m_db.find(e->id), e->id);
            QVERIFY(std::string(e->reason).size() > 10);
        }
    }

    void tpu7xHasIciAndItsVmemIsAnEstimate()
    {
        const Hardware* v7x = m_db.find("google-tpu-v7x");
        QVERIFY(v7x);
        const BandwidthLevel* ici = v7x->findLevel("ici");
        QVERIFY(ici);
        QVERIFY(ici->kind == LevelKind::Interconnect);
        QVERIFY(ici->estimate || !thirdParty(*v7x, ici->source));
        QVERIFY(v7x->findLevel("vmem")->estimate);
    }

    void nsightL1BytesHaveARoof()
    {
        // Nsight Compute imports put l1tex__t_bytes on the level "l1".
        for (const char* id : { "nvidia-a100-sxm-80gb", "nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-b200" }) {
            const Hardware* hw = m_db.find(id);
            QVERIFY2(hw && hw->findLevel("l1"), id);
            QVERIFY2(hw->findLevel("l1")->bytesPerSecond > hw->findLevel("hbm")->bytesPerSecond, id);
        }
    }

    // docs/hardware.md's device table lists every shipped device with its main peak, bandwidth and year,
    // and the serving figures: capacity of the main memory with its source, TDP, the scale-up link with its collective
    // bandwidth and latency per hop ("-" where the file gives none, "~" before an estimate).
    void readmeTableListsEveryDevice()
    {
        QFile readme(QStringLiteral(ROOFSCOPE_HARDWARE_DIR "/../docs/hardware.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(readme.readAll());
        const auto begin = text.indexOf("<!-- device-table:begin -->");
        const auto end = text.indexOf("<!-- device-table:end -->");
        QVERIFY2(begin >= 0 && end > begin, "docs/hardware.md has no device-table markers");
        const QRegularExpression row(
            QStringLiteral(R"(^\| `([a-z0-9._-]+)` \| [^|]+ \| ([a-z0-9]+) \| ([^|]+) \| ([^|]+) \| (\d{4}) \|)"
                           R"( ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$)"),
            QRegularExpression::MultilineOption);
        std::set<std::string> listedIds;
        auto it = row.globalMatch(text.mid(begin, end - begin));
        while (it.hasNext()) {
            const auto m = it.next();
            const std::string id = m.captured(1).toStdString();
            listedIds.insert(id);
            const Hardware* hw = m_db.find(id);
            QVERIFY2(hw, qPrintable("docs/hardware.md lists unknown device " + m.captured(1)));
            QCOMPARE(m.captured(2).toStdString(), hw->mainPrecision());
            const auto peak = parseQuantity(m.captured(3).trimmed().toStdString(), Dimension::FlopsPerSecond, true);
            QVERIFY2(peak.value, qPrintable(m.captured(3)));
            QVERIFY2(test::closeRel(*peak.value, *hw->peak(hw->mainPrecision()), kRatioTolerance), id.c_str());
            const auto bw = parseQuantity(m.captured(4).trimmed().toStdString(), Dimension::BytesPerSecond, true);
            QVERIFY2(bw.value, qPrintable(m.captured(4)));
            QVERIFY2(test::closeRel(*bw.value, hw->defaultLevelPtr()->bytesPerSecond, kRatioTolerance), id.c_str());
            QCOMPARE(m.captured(5).toInt(), hw->year);
            // A figure in the table matches the file, and "-" stands exactly where the file has none.
            const auto matches = [&](int column, const std::optional<double>& expected, Dimension dimension) {
                QString cell = m.captured(column).trimmed();
                if (!expected) {
                    return cell == QStringLiteral("-");
                }
                cell.remove(QLatin1Char('~'));
                const auto parsed = parseQuantity(cell.toStdString(), dimension, true);
                return parsed.value && test::closeRel(*parsed.value, *expected, kRatioTolerance);
            };
            const BandwidthLevel* main = hw->defaultLevelPtr();
            QVERIFY2(matches(6, main->capacityBytes, Dimension::Bytes), id.c_str());
            // The capacity's source: its id (linked), "estimate" and a "~" exactly where the file marks one.
            const QString sourceCell = m.captured(7).trimmed();
            if (main->capacityBytes) {
                QVERIFY2(sourceCell.contains(QString::fromStdString(main->capacitySource)), id.c_str());
                QCOMPARE(sourceCell.startsWith(QStringLiteral("estimate")), main->capacityEstimate);
                QCOMPARE(m.captured(6).trimmed().startsWith(QLatin1Char('~')), main->capacityEstimate);
            } else {
                QCOMPARE(sourceCell, QStringLiteral("-"));
            }
            QVERIFY2(matches(8, hw->tdpWatts, Dimension::Watts), id.c_str());
            const BandwidthLevel* link = nullptr;
            for (const auto& level : hw->levels) {
                if (level.kind == LevelKind::Interconnect) {
                    link = &level;
                    break;
                }
            }
            QCOMPARE(m.captured(9).trimmed().startsWith(QString::fromStdString(link ? link->name + " " : "-")), true);
            QVERIFY2(matches(10, link ? link->collectiveBytesPerSecond : std::nullopt, Dimension::BytesPerSecond),
                id.c_str());
            QVERIFY2(matches(11, link ? link->latencySeconds : std::nullopt, Dimension::Seconds), id.c_str());
            if (link && link->collectiveBytesPerSecond) {
                QCOMPARE(m.captured(10).trimmed().startsWith(QLatin1Char('~')), link->collectiveEstimate);
            }
        }
        for (const auto& hw : m_db.devices()) {
            QVERIFY2(listedIds.count(hw.id),
                qPrintable("docs/hardware.md device table lacks " + QString::fromStdString(hw.id)));
        }
    }

    // Each check must be able to fail: a deliberately broken copy of a shipped file trips it.
    void checksCatchBrokenCopies_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("replace");
        QTest::addColumn<QString>("with");
        QTest::addColumn<QString>("check");
        QTest::newRow("sparse quoted as dense") << "nvidia-h200-sxm.yaml"
                                                << "peak: 989 TFLOP/s\n    sparse_peak: 1979 TFLOP/s"
                                                << "peak: 1979 TFLOP/s\n    sparse_peak: 1979 TFLOP/s"
                                                << "sparse";
        QTest::newRow("figure halved twice") << "nvidia-b200.yaml"
                                             << "peak: 4500 TFLOP/s\n    sparse_peak: 9000 TFLOP/s\n    source: "
                                                "nv-hgx\n  - unit: tensor\n    precision: int8"
                                             << "peak: 2250 TFLOP/s\n    sparse_peak: 9000 TFLOP/s\n    source: "
                                                "nv-hgx\n  - unit: tensor\n    precision: int8"
                                             << "fp8";
        QTest::newRow("sparse as dense on a listed exception")
            << "nvidia-l40s.yaml"
            << "precision: fp8\n    peak: 733 TFLOP/s\n    sparse_peak: 1466 TFLOP/s"
            << "precision: fp8\n    peak: 1466 TFLOP/s"
            << "fp8";
        QTest::newRow("dense equals another's sparse")
            << "nvidia-h100-sxm.yaml"
            << "peak: 989 TFLOP/s\n    sparse_peak: 1979 TFLOP/s\n    source: comprehensive-guide"
            << "peak: 1979 TFLOP/s\n    source: comprehensive-guide"
            << "cross";
        QTest::newRow("unused source")
            << "nvidia-l4.yaml"
            << "compute:\n"
            << "  - id: spare\n    title: unused\n    url: https://www.nvidia.com/x\ncompute:\n"
            << "sources";
        QTest::newRow("malformed url") << "nvidia-l4.yaml"
                                       << "url: https://www.nvidia.com/en-us/data-center/l4/"
                                       << "url: www.nvidia.com/en-us/data-center/l4/"
                                       << "url";
        QTest::newRow("third-party level not an estimate") << "nvidia-h100-pcie.yaml"
                                                           << "    source: cnc-h100\n    estimate: true\n"
                                                           << "    source: cnc-h100\n"
                                                           << "estimate";
        QTest::newRow("scale-up link without its collective bandwidth") << "nvidia-h100-sxm.yaml"
                                                                        << "    collective_bandwidth: 450 GB/s\n"
                                                                        << ""
                                                                        << "link";
        QTest::newRow("data-centre part without l1") << "nvidia-l4.yaml"
                                                     << "  - name: l1\n"
                                                     << "  - name: smem\n"
                                                     << "l1";
        QTest::newRow("main-memory capacity without its source") << "nvidia-h100-sxm.yaml"
                                                                 << "    capacity_source: smi-h100\n"
                                                                 << ""
                                                                 << "capacity";
        QTest::newRow("capacity from a third party, not a tool reading, not an estimate")
            << "nvidia-h20.yaml"
            << "    capacity_source: smi-h20\n"
            << "    capacity_source: willitrunai-h20\n"
            << "capacity";
        QTest::newRow("capacity changed (the datasheet's decimal GB)") << "nvidia-h100-sxm.yaml"
                                                                       << "    capacity: 81559 MiB\n"
                                                                       << "    capacity: 80 GB\n"
                                                                       << "pinned";
        QTest::newRow("launch overhead without its source") << "nvidia-l4.yaml"
                                                            << "launch_overhead_source: cuda-graphs\n"
                                                            << ""
                                                            << "launch";
    }
    void checksCatchBrokenCopies()
    {
        QFETCH(QString, file);
        QFETCH(QString, replace);
        QFETCH(QString, with);
        QFETCH(QString, check);
        QString text = shippedText(file);
        QVERIFY2(text.contains(replace), qPrintable(file + " no longer contains the text to break"));
        text.replace(replace, with);
        auto loaded = loadHardwareText(text.toStdString(), ("broken-" + file).toStdString());
        QVERIFY2(loaded.hardware, loaded.diagnostics.empty() ? "" : loaded.diagnostics.front().toString().c_str());
        const Hardware& hw = *loaded.hardware;
        Findings findings;
        if (check == "sparse") {
            findings = sparseTwiceDense(hw);
        } else if (check == "fp8") {
            findings = fp8TwiceBf16(hw);
        } else if (check == "cross") {
            std::vector<Hardware> devices;
            for (const auto& d : m_db.devices()) {
                devices.push_back(d.id == hw.id ? hw : d);
            }
            findings = denseIsNotAnotherSparse(devices);
        } else if (check == "sources") {
            findings = everySourceUsed(hw);
        } else if (check == "url") {
            findings = urlsWellFormed(hw);
        } else if (check == "estimate") {
            findings = thirdPartyMarkedEstimate(hw);
        } else if (check == "l1") {
            findings = nvidiaDataCentreHasL1(hw);
        } else if (check == "link") {
            findings = scaleUpLinkHasCollectiveFigures(hw);
        } else if (check == "capacity") {
            findings = capacitiesSourced(hw);
        } else if (check == "pinned") {
            findings = capacityPinned(hw);
        } else if (check == "launch") {
            findings = launchOverheadSourced(hw);
        }
        QVERIFY2(!findings.empty(), qPrintable("the '" + check + "' check missed the broken copy of " + file));
        // ... and the unbroken file passes the same check.
        auto original = loadHardwareText(shippedText(file).toStdString(), file.toStdString());
        QVERIFY(original.hardware);
        if (check == "sparse") {
            QVERIFY(sparseTwiceDense(*original.hardware).empty());
        } else if (check == "fp8") {
            QVERIFY(fp8TwiceBf16(*original.hardware).empty());
        } else if (check == "sources") {
            QVERIFY(everySourceUsed(*original.hardware).empty());
        } else if (check == "url") {
            QVERIFY(urlsWellFormed(*original.hardware).empty());
        } else if (check == "estimate") {
            QVERIFY(thirdPartyMarkedEstimate(*original.hardware).empty());
        } else if (check == "l1") {
            QVERIFY(nvidiaDataCentreHasL1(*original.hardware).empty());
        } else if (check == "link") {
            QVERIFY(scaleUpLinkHasCollectiveFigures(*original.hardware).empty());
        } else if (check == "capacity") {
            QVERIFY(capacitiesSourced(*original.hardware).empty());
        } else if (check == "pinned") {
            QVERIFY(capacityPinned(*original.hardware).empty());
        } else if (check == "launch") {
            QVERIFY(launchOverheadSourced(*original.hardware).empty());
        }
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestHardwareData)
#include "test_hardware_data.moc"
