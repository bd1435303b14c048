#pragma once

#include "model/RunDiff.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

class SessionAnalysis;

// One matched kernel drawn as an arrow from where it was measured before to where it is after:
// achieved FLOP/s at its intensity, on the session's first device (its default level).
struct RunArrow {
    QString name;
    double beforeIntensity = 0.0;
    double beforeAchieved = 0.0;
    double afterIntensity = 0.0;
    double afterAchieved = 0.0;
    double change = 0.0; // after / before time per launch - 1
    QString label; // "-38 %"
};

// Two runs of the open session compared (the window's "Compare Runs"): the diff of core's
// diffSessionRuns, and an arrow per matched kernel measured in both. Computed again when a run is
// reloaded or the devices change; cleared when another session is opened.
class RunComparison : public QObject {
    Q_OBJECT

public:
    explicit RunComparison(SessionAnalysis* analysis, QObject* parent = nullptr);

    // Compares run `before` with run `after`; returns the error (empty when compared).
    QString setRuns(const QString& before, const QString& after);
    void clear();

    bool active() const { return m_diff.has_value(); }
    QString before() const { return m_before; }
    QString after() const { return m_after; }
    const std::optional<RunDiff>& diff() const { return m_diff; }
    const std::vector<RunArrow>& arrows() const { return m_arrows; }
    // What could not be compared or evaluated.
    QStringList problems() const { return m_problems; }

    // "-38 %", "+30 %", "0 %": a change in time per launch.
    static QString changeLabel(double change);

Q_SIGNALS:
    void changed();

private:
    void recompute();

    SessionAnalysis* m_analysis;
    QString m_before;
    QString m_after;
    std::optional<RunDiff> m_diff;
    std::vector<RunArrow> m_arrows;
    QStringList m_problems;
};

} // namespace roofscope
